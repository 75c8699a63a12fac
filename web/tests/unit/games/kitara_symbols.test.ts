// Kitara's cards show drawn symbols, never letter codes: each card of every engine-made fixture
// draws exactly one icon per kind of symbol it holds, with its count written when above one.
import { Who } from '../../../src/who.ts';
import { expect, test } from 'vitest';
import type { BoardProps } from '../../../src/games/common.tsx';
import { gameUi } from '../../../src/games/index.ts';
import { cardSymbols } from '../../../src/games/kitara/symbols.tsx';
import type { KitaraView } from '../../../src/generated/schemas.ts';
import { fixture, legalOf, type Case } from '../fixtures.ts';
import { elements, render, text } from '../render.ts';

test('cardSymbols counts every kind the card holds', () => {
  expect(cardSymbols({ take: 2, figures: [3, 0, 1], moves: 2, prosperity: 0, no_feed: true })).toEqual([
    ['take', 2],
    ['warrior', 3],
    ['hero', 1],
    ['move', 2],
    ['no_feed', 1],
  ]);
});

test('kitara cards draw their symbols as icons with counts, never as codes', () => {
  const { cases } = fixture<{ cases: Case<KitaraView>[] }>('kitara');
  let cards = 0;
  for (const c of cases) {
    const ui = gameUi('kitara');
    const legal = legalOf(c);
    const props: BoardProps = { view: c.view as never, legal, viewer: c.viewer, targets: ui.targets(legal, c.view as never), picked: [], onPick: () => {}, last: null, who: new Who([]) };
    const els = elements(render(ui.Board(props)));
    const byId = new Map([...c.view.row, ...c.view.players.flatMap((p) => p.kingdom)].map((k) => [k.card, k]));
    for (const e of els.filter((x) => x.attrs['data-card'] !== undefined)) {
      const card = byId.get(e.attrs['data-card'] as number)!;
      const inner = elements([e]);
      const icons = inner.filter((x) => x.attrs['data-symbol'] !== undefined).map((x) => x.attrs['data-symbol']);
      const want = cardSymbols(card);
      expect(icons).toEqual(want.map(([k]) => k));
      const counts = inner.filter((x) => x.attrs.class === 'ksym-count').map((x) => text([x]));
      expect(counts).toEqual(want.filter(([, n]) => n > 1).map(([, n]) => String(n)));
      const drawnText = inner.filter((x) => x.tag === 'text').map((x) => text([x]));
      for (const t of drawnText) expect(t).not.toMatch(/\b[DWAHMPF]\d\b/);
      cards++;
    }
  }
  expect(cards).toBeGreaterThan(20);
});
