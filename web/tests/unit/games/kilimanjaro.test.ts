// Am Fuß des Kilimandscharo's board targets on engine-made fixtures (fixtures.ts): a space and a
// counter kind, or a card and a pile, narrow the choices to exactly one action.
import { expect, test } from 'vitest';
import { narrowed, pick, type LegalAction } from '../../../src/choices.ts';
import type { KilimanjaroAction, KilimanjaroView } from '../../../src/generated/schemas.ts';
import { gameUi } from '../../../src/games/index.ts';
import { fixture, legalOf, type Case } from '../fixtures.ts';

const ui = gameUi('kilimanjaro');
const kilimanjaroCases = fixture<Case<KilimanjaroView>[]>('kilimanjaro');
function targetsOf(c: Case<unknown>) {
  return ui.targets(legalOf(c), c.view as never);
}
// The legal actions as the game's structured actions, with their texts.
function actions<A>(c: Case<unknown>): { text: string; a: A }[] {
  return legalOf(c).map((l: LegalAction) => ({ text: l.text, a: l.structured as unknown as A }));
}

test('kilimanjaro: a space and a counter kind, or a card and a pile, make exactly one action', () => {
  let checked = 0;
  for (const c of kilimanjaroCases) {
    const t = targetsOf(c);
    for (const { text, a } of actions<KilimanjaroAction>(c)) {
      const keys = a.kind === 'place' ? [`kind:${a.counter}`, `space:${a.space}`] : a.kind === 'play' ? [`card:${a.card.type} ${a.card.value}`, `pile:P${a.target} pile ${a.pile}`] : [];
      if (keys.length === 0) continue;
      expect(narrowed(c.legal, t, keys)).toEqual([text]);
      const first = pick(c.legal, t, [], keys[0]);
      const second = first.play ? first : pick(c.legal, t, first.picked, keys[1]);
      expect(second.play).toBe(text);
      checked++;
    }
  }
  expect(checked).toBeGreaterThan(20);
  // The placement offers no space that is a village or next to a counter.
  const placing = kilimanjaroCases.find((c) => c.view.phase === 'place')!;
  const spaces = [...targetsOf(placing).keys()].filter((k) => k.startsWith('space:')).map((k) => Number(k.slice(6)));
  expect(spaces.length).toBeGreaterThan(0);
  for (const v of placing.view.trail.villages) expect(spaces).not.toContain(v);
  for (const counter of placing.view.counters) for (const d of [-1, 0, 1]) expect(spaces).not.toContain(counter.space + d);
});
