// Every game's mapping of legal actions to board targets, on views and legal actions produced by
// the engine (fixtures made afresh from each game's src/games/<game>/positions.json by `savanna
// new/step/legal/view` before the tests run): every target stands only for legal actions. What
// each board's clicks reach is tested per game, in games/<game>.test.ts.
import { describe, expect, test } from 'vitest';
import { drawnGames, gameUi, hasBoard } from '../../src/games/index.ts';
import { casesOf, legalOf } from './fixtures.ts';

describe.each(drawnGames())('%s', (game) => {
  test('has a board of its own', () => expect(hasBoard(game)).toBe(true));
  test.each(casesOf(game).map((c) => [c.spec, c] as const))('targets stand for legal actions only (%s)', (_spec, c) => {
    const targets = gameUi(game).targets(legalOf(c), c.view as never);
    for (const [key, actions] of targets) {
      expect(key).toMatch(/^[a-z_]+(:.+)?$/);
      for (const a of actions) expect(c.legal).toContain(a);
    }
  });
});
