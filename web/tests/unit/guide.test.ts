// The first-game guide's words: a move told by the log (a game's own telling of its moves is
// tested with the game, games/<game>.test.ts); a table is the first of its game once, remembered
// per game.
import { expect, test } from 'vitest';
import { guideTip, isFirstTable, lastMoveText } from '../../src/guide.tsx';
import { Who } from '../../src/who.ts';

test('a move is told by who made it and its logged text; nothing before the first move', () => {
  const names = new Who(['P0 Ada', 'P1 AI easy'], 0);
  const view = { game: 'kitara', viewer: 0, phase: 'take', to_act: [0] };
  expect(lastMoveText('kitara', view, { index: 3, player: 1, action: 'end moves', structured: { kind: 'end_moves' } }, names)).toBe('P1 AI easy: end moves.');
  expect(lastMoveText('no_such_game', view, { index: 3, player: 4, action: 'x', structured: { kind: 'x' } }, names)).toBe('P4: x.');
  expect(lastMoveText('kitara', view, { index: 4, player: 0, action: 'end moves', structured: { kind: 'end_moves' } }, names)).toBe('You: end moves.');
  expect(lastMoveText('kitara', view, null, names)).toBeNull();
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
