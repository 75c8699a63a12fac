// Each game's mapping of legal actions to board targets, on views and legal actions produced by
// the engine (fixtures/*.json, from `savanna new/step/legal/view`): every target stands only for
// legal actions, and the board's clicks reach every legal action they are meant to.
import { describe, expect, test } from 'vitest';
import { narrowed, pick } from '../../src/choices.ts';
import { gameUi, hasBoard } from '../../src/games/index.ts';
import { landText } from '../../src/games/kap_kairo.tsx';
import karibaCases from './fixtures/kariba.json';
import kilimanjaroCases from './fixtures/kilimanjaro.json';
import kapKairoCases from './fixtures/kap_kairo.json';
import kalimamboCases from './fixtures/kalimambo.json';
import kitaraFixtures from './fixtures/kitara.json';
import { areaOf, groupFigures, KINDS, layout } from '../../src/games/kitara.tsx';
import type { BoardProps } from '../../src/games/common.tsx';
import { elements, render, text } from './render.ts';

interface Case {
  spec: string;
  viewer: number;
  legal: string[];
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  view: any;
}
const ALL: [string, Case[]][] = [
  ['kariba', karibaCases],
  ['kilimanjaro', kilimanjaroCases],
  ['kap_kairo', kapKairoCases],
  ['kalimambo', kalimamboCases],
  ['kitara', [...kitaraFixtures.cases, ...kitaraFixtures.starts]],
];

describe.each(ALL)('%s', (game, cases) => {
  test('has a board of its own', () => expect(hasBoard(game)).toBe(true));
  test.each(cases.map((c) => [c.spec, c] as const))('targets stand for legal actions only (%s)', (_spec, c) => {
    const targets = gameUi(game).targets(c.legal, c.view);
    for (const [key, actions] of targets) {
      expect(key).toMatch(/^[a-z_]+(:.+)?$/);
      for (const a of actions) expect(c.legal).toContain(a);
    }
  });
});

function targetsOf(game: string, c: Case) {
  return gameUi(game).targets(c.legal, c.view);
}

test('kariba: each animal in hand offers exactly its plays; the pile and face-up cards their draws', () => {
  for (const c of karibaCases as Case[]) {
    const t = targetsOf('kariba', c);
    for (const a of c.legal) {
      const play = /^play \d+ (\S+)$/.exec(a);
      if (play) expect(t.get(`animal:${play[1]}`)).toContain(a);
      else if (a === 'draw pile') expect(t.get('pile')).toEqual([a]);
      else expect(t.get(`display:${a.slice(5)}`)).toEqual([a]);
    }
  }
});

test('kilimanjaro: a space and a counter kind, or a card and a pile, make exactly one action', () => {
  for (const c of kilimanjaroCases as Case[]) {
    const t = targetsOf('kilimanjaro', c);
    for (const a of c.legal) {
      const place = /^place (\S+) on (\d+)$/.exec(a);
      const play = /^play (\S+ \d+) on (P\d+ pile \d)$/.exec(a);
      const keys = place ? [`kind:${place[1]}`, `space:${place[2]}`] : play ? [`card:${play[1]}`, `pile:${play[2]}`] : [];
      expect(keys, a).toHaveLength(2);
      expect(narrowed(c.legal, t, keys)).toEqual([a]);
      const first = pick(c.legal, t, [], keys[0]);
      const second = first.play ? first : pick(c.legal, t, first.picked, keys[1]);
      expect(second.play).toBe(a);
    }
  }
  // The placement offers no space that is a village or next to a counter.
  const placing = (kilimanjaroCases as Case[]).find((c) => c.view.phase === 'place')!;
  const spaces = [...targetsOf('kilimanjaro', placing).keys()].filter((k) => k.startsWith('space:')).map((k) => Number(k.slice(6)));
  for (const v of placing.view.trail.villages) expect(spaces).not.toContain(v);
  for (const counter of placing.view.counters) for (const d of [-1, 0, 1]) expect(spaces).not.toContain(counter.space + d);
});

test('kap_kairo: every card up for purchase is a target with the text of its take action', () => {
  const choosing = (kapKairoCases as Case[]).find((c) => c.view.phase === 'choose')!;
  const t = targetsOf('kap_kairo', choosing);
  expect(choosing.view.auction.length).toBeGreaterThan(0);
  for (const card of choosing.view.auction) {
    const key = `take:${landText(card)}`;
    if (choosing.legal.includes(`take ${landText(card)}`)) expect(t.get(key)).toEqual([`take ${landText(card)}`]);
  }
  expect([...t.values()].flat().sort()).toEqual(choosing.legal.filter((a) => a.startsWith('take ')).sort());
});

test('kalimambo: each card left in the hand plays itself', () => {
  for (const c of kalimamboCases as Case[]) {
    const t = targetsOf('kalimambo', c);
    const hand: number[] = c.view.players[c.viewer].cards_left;
    expect(hand.map((v) => t.get(`card:${v}`))).toEqual(hand.map((v) => [`play ${v}`]));
  }
});

// Kitara's fixtures (fixtures/make_kitara.mjs): the first position of each decision, and one in
// which a seat holds hero tokens, seen by every seat and a spectator.
const kitaraCases = kitaraFixtures.cases as Case[];

test('kitara: the fixtures hold every kind of decision', () => {
  expect(kitaraCases.map((c) => c.view.phase)).toEqual(['start', 'take', 'recruit', 'move_source', 'move_group', 'move_border', 'retreat', 'discard', 'remove', 'over']);
  for (const c of kitaraCases) if (c.view.phase !== 'over') expect(c.legal.length, c.view.phase).toBeGreaterThan(1);
});

test('kitara: a click on an area, a row card or a kingdom card plays the one action it names', () => {
  let checked = 0;
  for (const c of kitaraCases) {
    const t = targetsOf('kitara', c);
    for (const a of c.legal) {
      const take = /^take (\d+):/.exec(a);
      const discard = /^discard (\d+):/.exec(a);
      const key = areaOf(a) !== null ? `area:${areaOf(a)}` : take ? `row:${Number(take[1]) - 1}` : discard ? `kingdom:${Number(discard[1]) - 1}` : null;
      if (key === null) continue;
      expect(t.get(key), a).toEqual([a]);
      expect(pick(c.legal, t, [], key).play).toBe(a);
      checked++;
    }
  }
  expect(checked).toBeGreaterThan(15);
});

test('kitara: a group is chosen by clicking a number per kind, and every group can be chosen', () => {
  const c = kitaraCases.find((x) => x.view.phase === 'move_group')!;
  const t = targetsOf('kitara', c);
  const groups = c.legal.filter((a) => a.startsWith('with '));
  expect(groups.length).toBeGreaterThan(1);
  for (const a of groups) {
    const f = groupFigures(a);
    const keys = KINDS.map((k, i) => `${k}:${f[i]}`).filter((k) => t.has(k));
    expect(keys.length).toBeGreaterThan(0);
    let picked: string[] = [];
    let played: string | undefined;
    for (const k of keys) {
      const r = pick(c.legal, t, picked, k);
      picked = r.picked;
      played = r.play ?? played;
    }
    expect(played ?? (narrowed(c.legal, t, picked).length === 1 ? narrowed(c.legal, t, picked)[0] : undefined)).toBe(a);
  }
  expect(groupFigures('with 2 warriors, 1 animal, 3 heroes')).toEqual([2, 1, 3]);
  expect(groupFigures('with 1 hero')).toEqual([0, 0, 1]);
});

test('kitara: the built-in maps are drawn as rings; a map unlike them as a circle with its borders', () => {
  const specs = new Set<string>();
  for (const c of [...kitaraCases, ...(kitaraFixtures.starts as Case[])]) {
    const lay = layout(c.view.map);
    for (const a of c.view.map) expect(lay.shapes.get(a.name)?.path !== undefined || a.type === 'lake', a.name).toBe(true);
    expect(lay.lines).toEqual([]);
    specs.add(`${c.view.players.length}`);
  }
  expect([...specs].sort()).toEqual(['2', '3', '4']);
  // Take one white border away: the rings would show it, so the circle layout draws the map.
  const map = structuredClone(kitaraCases[0].view.map) as { name: string; neighbours: string[] }[];
  const [a, b] = [map.find((x) => x.name === 'O0')!, map.find((x) => x.name === 'O1')!];
  a.neighbours = a.neighbours.filter((n) => n !== 'O1');
  b.neighbours = b.neighbours.filter((n) => n !== 'O0');
  const lay = layout(map as never);
  expect([...lay.shapes.values()].every((s) => s.circle !== undefined)).toBe(true);
  const borders = new Set(map.flatMap((x) => x.neighbours.map((n) => [x.name, n].sort().join('-'))));
  expect(new Set(lay.lines.map((l) => [...l].sort().join('-')))).toEqual(borders);
});

function drawKitara(view: unknown, viewer: number | 'spectator', legal: string[] = []) {
  const ui = gameUi('kitara');
  const props: BoardProps = { view, legal, viewer, targets: ui.targets(legal, view), picked: [], onPick: () => {}, last: null, names: [] };
  return render(ui.Board(props));
}

test('kitara: the board draws every area with its owner and figures, and every kingdom card', () => {
  for (const c of kitaraCases) {
    const els = elements(drawKitara(c.view, c.viewer, c.legal));
    const areas = els.filter((e) => e.attrs['data-area'] !== undefined);
    expect(areas.map((e) => e.attrs['data-area']).sort()).toEqual(c.view.map.map((a: { name: string }) => a.name).sort());
    for (const e of areas) {
      const a = c.view.map.find((x: { name: string }) => x.name === e.attrs['data-area']);
      expect(e.attrs['data-owner']).toBe(a.owner);
      expect(e.attrs['data-figures']).toBe(a.figures.join(','));
    }
    const cards = els.filter((e) => e.attrs['data-card'] !== undefined).map((e) => e.attrs['data-card']);
    const expected = [...c.view.row, ...c.view.players.flatMap((p: { kingdom: unknown[] }) => p.kingdom)].map((k) => (k as { card: number }).card);
    expect(cards).toEqual(expected);
    // Each clickable part is one of the targets, and every target but the group's numbers is drawn.
    const drawn = els.filter((e) => e.attrs['data-target'] !== undefined).map((e) => String(e.attrs['data-target']));
    expect(new Set(drawn)).toEqual(new Set(targetsOf('kitara', c).keys()));
  }
});

test('kitara: hero token values appear only for the seat the view gives them to', () => {
  const { holders, views } = kitaraFixtures.tokens as unknown as { holders: number[]; views: Record<string, { players: { seat: number; hero_tokens: number; hero_token_values?: number[] }[] }> };
  expect(holders.length).toBeGreaterThan(0);
  for (const [who, view] of Object.entries(views)) {
    const viewer = who === 'spectator' ? 'spectator' : Number(who);
    const tree = drawKitara(view, viewer);
    const els = elements(tree);
    const shown = els.filter((e) => e.attrs['data-token-seat'] !== undefined);
    // The count of every seat's tokens is drawn...
    for (const p of view.players) {
      const count = els.find((e) => e.attrs['data-hero-tokens'] === p.seat)!;
      expect(count.attrs['data-count']).toBe(p.hero_tokens);
    }
    // ...and values only for the viewer's own tokens, exactly as its view lists them.
    const own = viewer === 'spectator' ? [] : (view.players[viewer].hero_token_values ?? []);
    expect(shown.map((e) => [e.attrs['data-token-seat'], e.attrs['data-token-value']])).toEqual(own.map((v) => [viewer, v]));
    for (const h of holders) {
      const values = (views[String(h)].players[h].hero_token_values ?? []).join(' + ');
      expect(values.length).toBeGreaterThan(0);
      if (h !== viewer) expect(text(tree)).not.toContain(`(${values})`);
      else expect(text(tree)).toContain(`(${values})`);
    }
  }
});
