// The first-game guide's words: a Kariba chase told from the view's last play, other moves by the
// log; a table is the first of its game once, remembered per game.
import { expect, test } from 'vitest';
import { guideTip, isFirstTable, lastMoveText } from '../../src/guide.tsx';

const animals = ['mouse', 'meerkat', 'zebra', 'giraffe', 'ostrich', 'cheetah', 'rhino', 'elephant'];

test('a Kariba chase is told with the animals and counts', () => {
  const view = { animals, last_play: { player: 2, animal: 3, count: 3, chased: 2, captured: 2 } };
  const names = ['P0 Ada', 'P1 AI easy', 'P2 Guest 3'];
  expect(lastMoveText('kariba', view, { index: 4, player: 2, action: 'play 3 zebra', structured: { kind: 'play', animal: 'zebra', count: 3 } }, names)).toBe("P2 Guest 3's 3 zebras chased 2 meerkats into their score pile.");
  const quiet = { animals, last_play: { player: 1, animal: 5, count: 1, chased: 0, captured: 0 } };
  expect(lastMoveText('kariba', quiet, { index: 5, player: 1, action: 'play 1 ostrich', structured: { kind: 'play', animal: 'ostrich', count: 1 } }, names)).toBe('P1 AI easy: play 1 ostrich.');
  expect(lastMoveText('kitara', {}, null, names)).toBeNull();
});

test('the first table of each game is remembered', () => {
  const data = new Map<string, string>();
  const store = { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v) };
  expect(isFirstTable(store, 'kariba', 'a1')).toBe(true);
  expect(isFirstTable(store, 'kariba', 'a1')).toBe(true);
  expect(isFirstTable(store, 'kariba', 'b2')).toBe(false);
  expect(isFirstTable(store, 'kitara', 'b2')).toBe(true);
  expect(guideTip('kap_kairo', 'bid')).toMatch(/secret bid/);
  expect(guideTip('kap_kairo', 'nonsense')).toBeNull();
});
