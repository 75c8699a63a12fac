// Kalimambo's board targets on engine-made fixtures (fixtures.ts): each card left in the hand plays
// itself.
import { expect, test } from 'vitest';
import type { LegalAction } from '../../../src/choices.ts';
import type { KalimamboView } from '../../../src/generated/schemas.ts';
import { gameUi } from '../../../src/games/index.ts';
import { fixture, legalOf, type Case } from '../fixtures.ts';

const ui = gameUi('kalimambo');
const kalimamboCases = fixture<Case<KalimamboView>[]>('kalimambo');
function targetsOf(c: Case<unknown>) {
  return ui.targets(legalOf(c), c.view as never);
}
// The legal actions as the game's structured actions, with their texts.
function actions<A>(c: Case<unknown>): { text: string; a: A }[] {
  return legalOf(c).map((l: LegalAction) => ({ text: l.text, a: l.structured as unknown as A }));
}

test('kalimambo: each card left in the hand plays itself', () => {
  for (const c of kalimamboCases) {
    const t = targetsOf(c);
    const hand = c.view.players[c.viewer].cards_left;
    const byCard = new Map(actions<{ kind: 'play'; card: number }>(c).map(({ text, a }) => [a.card, text]));
    expect(hand.map((v) => t.get(`card:${v}`))).toEqual(hand.map((v) => [byCard.get(v)]));
  }
});
