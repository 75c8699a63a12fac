// The JSON Schemas (schemas/, checked with ajv by scripts/schemas.mjs): every engine-made view and
// structured action of the fixtures is valid, and the checker refuses what breaks a schema (a
// missing or unknown field, a wrong type, a view or action of the wrong game), so that a pass of
// the server's messages (ctest server_messages_schema) means something.
import { describe, expect, test } from 'vitest';
import { makeChecker } from '../../scripts/schemas.mjs';
import { drawnGames } from '../../src/games/index.ts';
import { casesOf, fixture } from './fixtures.ts';

const checker = makeChecker({ testGames: ['sealed_bids'] });
const GAMES = drawnGames().sort();

test('every game with a schema is a game the UI draws, with fixtures', () => {
  expect(checker.games.sort()).toEqual(GAMES);
});

describe.each(GAMES)('%s', (game) => {
  test('every fixture view and legal structured action is valid', () => {
    for (const c of casesOf(game)) {
      expect(checker.view(c.view), c.spec).toEqual([]);
      expect(c.legal_structured).toHaveLength(c.legal.length);
      for (const a of c.legal_structured) expect(checker.action(game, a), JSON.stringify(a)).toEqual([]);
    }
  });

  test('a view with a field missing, an unknown field or a wrong type is refused', () => {
    const view = casesOf(game)[0].view as Record<string, unknown>;
    const without = { ...view };
    delete without.to_act;
    expect(checker.view(without).length).toBeGreaterThan(0);
    expect(checker.view({ ...view, secret: 1 }).length).toBeGreaterThan(0);
    expect(checker.view({ ...view, phase: 7 }).length).toBeGreaterThan(0);
    const other = GAMES.find((g) => g !== game)!;
    expect(checker.view({ ...view, game: other }).length).toBeGreaterThan(0);
  });

  test("an action of another kind or with another game's fields is refused", () => {
    const a = casesOf(game).find((c) => c.legal_structured.length > 0)!.legal_structured[0];
    expect(checker.action(game, { ...a, kind: 'no_such_kind' }).length).toBeGreaterThan(0);
    expect(checker.action(game, { ...a, extra: 1 }).length).toBeGreaterThan(0);
    expect(checker.action(game, { kind: 'play', card: 'zebra', animal: 3 }).length).toBeGreaterThan(0);
  });
});

test.each(GAMES)('%s: the fixtures seen by every seat and a spectator are valid', (game) => {
  const f = fixture<unknown>(game);
  const groups = Array.isArray(f) ? [] : Object.values(f as Record<string, { views?: Record<string, unknown> }>).filter((g) => g.views);
  for (const g of groups) for (const view of Object.values(g.views!)) expect(checker.view(view)).toEqual([]);
});

test('server messages: a state message is checked down to its view and its actions', () => {
  const c = casesOf('kariba')[0];
  const state = {
    type: 'state',
    table: '0123456789ab',
    viewer: c.viewer,
    status: 'playing',
    actions: 3,
    to_act: c.view.to_act,
    seats: [{ seat: 0, player: 'human', taken: true, name: 'Ada', connected: true }],
    view: c.view,
    legal: c.legal,
    legal_structured: c.legal_structured,
    log: [{ index: 0, player: 0, action: c.legal[0], structured: c.legal_structured[0] }],
    result: null,
    rematch: null,
  };
  expect(checker.serverMessage(state)).toEqual([]);
  expect(checker.serverMessage({ ...state, legal: c.legal.slice(1) }).length).toBeGreaterThan(0);
  expect(checker.serverMessage({ ...state, legal_structured: undefined }).length).toBeGreaterThan(0);
  expect(checker.serverMessage({ ...state, view: { ...c.view, hand_of_p1: [1] } }).length).toBeGreaterThan(0);
  expect(checker.serverMessage({ ...state, log: [{ index: 0, player: 0, action: 'x' }] }).length).toBeGreaterThan(0);
  expect(checker.serverMessage({ ...state, legal_structured: [{ kind: 'bid', pounds: 1 }, ...c.legal_structured.slice(1)] }).length).toBeGreaterThan(0);
  expect(checker.serverMessage({ type: 'pong', id: 5 })).toEqual([]);
  expect(checker.serverMessage({ type: 'pong' }).length).toBeGreaterThan(0);
  expect(checker.serverMessage({ type: 'error', code: 'bad_json', message: 'not JSON' })).toEqual([]);
  expect(checker.serverMessage({ type: 'nonsense' }).length).toBeGreaterThan(0);
});

test('HTTP replies are checked by their route, errors by the error object', () => {
  const json = 'application/json';
  expect(checker.httpReply('POST', '/api/tables/0123456789ab/join', 200, json, JSON.stringify({ table: '0123456789ab', seat: 1, token: 'a'.repeat(64) }))).toEqual([]);
  expect(checker.httpReply('POST', '/api/tables/0123456789ab/join', 200, json, JSON.stringify({ table: '0123456789ab', seat: 1, token: 'short' }))!.length).toBeGreaterThan(0);
  expect(checker.httpReply('GET', '/api/tables/0123456789ab', 404, json, JSON.stringify({ type: 'error', code: 'unknown_table', message: 'no table with that id' }))).toEqual([]);
  expect(checker.httpReply('GET', '/api/tables', 200, json, '{"tables": 3}')!.length).toBeGreaterThan(0);
  expect(checker.httpReply('GET', '/api/nothing', 200, json, '{}')!.length).toBeGreaterThan(0);
  expect(checker.httpReply('GET', '/api/games', 200, json, 'not json')!.length).toBeGreaterThan(0);
  expect(checker.httpReply('GET', '/index.html', 200, 'text/html', '<html>')).toBeNull();
});

test('a review reply is checked down to its view and its log', () => {
  const c = casesOf('kariba')[0];
  const review = {
    table: '0123456789ab',
    viewer: c.viewer,
    step: 1,
    steps: 40,
    to_act: c.view.to_act,
    view: c.view,
    log: [{ index: 0, player: 0, action: c.legal[0], structured: c.legal_structured[0] }],
    result: null,
  };
  const check = (value: unknown) => checker.httpReply('GET', '/api/tables/0123456789ab/review', 200, 'application/json', JSON.stringify(value));
  expect(check(review)).toEqual([]);
  expect(check({ ...review, step: -1 })!.length).toBeGreaterThan(0);
  expect(check({ ...review, seed: 5 })!.length).toBeGreaterThan(0);
  expect(check({ ...review, view: { ...c.view, hand_of_p1: [1] } })!.length).toBeGreaterThan(0);
  expect(check({ ...review, log: [{ ...review.log[0], structured: { kind: 'bid', pounds: 1 } }] })!.length).toBeGreaterThan(0);
});
