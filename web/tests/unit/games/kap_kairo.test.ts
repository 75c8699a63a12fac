// Vom Kap bis Kairo's board targets on engine-made fixtures (fixtures.ts): every card up for
// purchase is the target of its take action.
import { expect, test } from 'vitest';
import type { LegalAction } from '../../../src/choices.ts';
import type { KapKairoAction, KapKairoView } from '../../../src/generated/schemas.ts';
import { gameUi } from '../../../src/games/index.ts';
import { fixture, legalOf, type Case } from '../fixtures.ts';

const ui = gameUi('kap_kairo');
const kapKairoCases = fixture<Case<KapKairoView>[]>('kap_kairo');
function targetsOf(c: Case<unknown>) {
  return ui.targets(legalOf(c), c.view as never);
}
// The legal actions as the game's structured actions, with their texts.
function actions<A>(c: Case<unknown>): { text: string; a: A }[] {
  return legalOf(c).map((l: LegalAction) => ({ text: l.text, a: l.structured as unknown as A }));
}

test('kap_kairo: every card up for purchase is a target of its take action', () => {
  const choosing = kapKairoCases.find((c) => c.view.phase === 'choose')!;
  const t = targetsOf(choosing);
  expect(choosing.view.auction.length).toBeGreaterThan(0);
  const takes = actions<KapKairoAction>(choosing).filter(({ a }) => a.kind === 'take');
  expect(takes.length).toBeGreaterThan(0);
  for (const { text, a } of takes) {
    if (a.kind !== 'take') continue;
    expect(a.card).toEqual(choosing.view.auction[a.slot]);
    expect(t.get(`take:${a.slot}`)).toEqual([text]);
  }
  expect([...t.values()].flat().sort()).toEqual(takes.map(({ text }) => text).sort());
});
