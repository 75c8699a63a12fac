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
