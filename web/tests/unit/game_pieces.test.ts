// Every game the engine registers has all of its pieces (game_pieces.ts): its schema, its web
// module with board, rules page, guide tips and score help, its fixtures, docs/rules/<game>.md and
// its structured-action checker. The walk is tested on a scratch repository and a made-up
// registry, so that a game that lacks any piece is named with what it lacks.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, test } from 'vitest';
import { GAMES } from '../../src/games/registry.ts';
import type { GameModule } from '../../src/games/module.ts';
import { casesOf, type Case } from './fixtures.ts';
import { missingPieces, type Sources } from './game_pieces.ts';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const savanna = process.env.SAVANNA_BIN ?? join(root, 'build/release/savanna');

// `<game>_rules_test --gtest_list_tests` of the build (SAVANNA_TESTS_DIR, else the `tests` folder
// beside `savanna`; null: not built).
const testsDir = process.env.SAVANNA_TESTS_DIR ?? join(dirname(savanna), 'tests');
function testList(game: string): string | null {
  const program = join(testsDir, `${game}_rules_test`);
  return existsSync(program) ? execFileSync(program, ['--gtest_list_tests'], { encoding: 'utf8' }) : null;
}

function fixtureCases(game: string): Case<unknown>[] | null {
  try {
    return casesOf(game);
  } catch {
    return null;
  }
}

test('every game the engine registers has every piece', () => {
  const games = JSON.parse(execFileSync(savanna, ['games', '--json'], { encoding: 'utf8' })) as { name: string; params: Record<string, { type: string; choices?: string[] }> }[];
  const registered = games.map((g) => g.name);
  expect(registered.length).toBeGreaterThan(0);
  const params = (game: string) =>
    Object.fromEntries(
      Object.entries(games.find((g) => g.name === game)?.params ?? {})
        .filter(([name, p]) => name !== 'players' && p.type !== 'string')
        .map(([name, p]) => [name, p.choices ?? null]),
    );
  expect(missingPieces(registered, { root, modules: GAMES, cases: fixtureCases, testList, params })).toEqual([]);
});

// ---- The walk's own test: a scratch repository with one complete game and one bare one. ----
const scratch = mkdtempSync(join(tmpdir(), 'savanna-game-pieces-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const real = GAMES[0];
// The first real game, copied under a new name: all its files, its module renamed.
function copyGame(name: string): GameModule {
  const copy = (from: string, to: string) => {
    mkdirSync(dirname(join(scratch, to)), { recursive: true });
    cpSync(join(root, from), join(scratch, to), { recursive: true });
  };
  copy(`schemas/${real.name}.json`, `schemas/${name}.json`);
  copy(`web/src/games/${real.name}`, `web/src/games/${name}`);
  copy(`docs/rules/${real.name}.md`, `docs/rules/${name}.md`);
  copy(`tests/games/${real.name}/${real.name}_structured_actions_test.cc`, `tests/games/${name}/${name}_structured_actions_test.cc`);
  return { ...real, name };
}

const LIST = 'StructuredActions.\n  FieldsGiveTheText\n';
function sources(modules: GameModule[], overrides: Partial<Sources> = {}): Sources {
  return { root: scratch, modules, cases: () => casesOf(real.name), testList: () => LIST, params: () => ({ variant: ['standard', 'open'] }), ...overrides };
}

test('the walk passes a complete game and names each piece a game lacks', () => {
  const whole = copyGame('whole');
  expect(missingPieces(['whole'], sources([whole]))).toEqual([]);

  // A game registered in the engine and nothing else: every piece is missing.
  const bare = missingPieces(['whole', 'bare'], sources([whole], { cases: (g) => (g === 'bare' ? null : casesOf(real.name)), testList: (g) => (g === 'bare' ? null : LIST) }));
  for (const piece of ['schema', 'web module', 'fixtures', 'rules doc', 'structured-action checker'])
    expect(bare.some((line) => line.startsWith(`bare: ${piece}: `)), `${piece} in ${bare.join('\n')}`).toBe(true);
  expect(bare.every((line) => line.startsWith('bare: '))).toBe(true);
});

test('each piece of a game is checked on its own', () => {
  const game = copyGame('one');
  const only = (modules: GameModule[], overrides: Partial<Sources> = {}) => missingPieces(['one'], sources(modules, overrides));
  const expectMissing = (lines: string[], piece: string) => {
    expect(lines.length, lines.join('\n')).toBeGreaterThan(0);
    for (const line of lines) expect(line).toMatch(new RegExp(`^one: ${piece}: `));
  };
  expectMissing(only([{ ...game, ui: { ...game.ui, Board: undefined as never } }]), 'board');
  expectMissing(only([{ ...game, rules: { ...game.rules, sections: [] } }]), 'rules page');
  expectMissing(only([{ ...game, guide: { tips: {} } }]), 'guide tips');
  expectMissing(only([{ ...game, guide: { tips: { no_such_phase: 'a tip' } } }]), 'guide tips');
  expectMissing(only([{ ...game, scoreHelp: {} }]), 'score help');
  expectMissing(only([{ ...game, outcome: undefined as never }]), 'outcome');
  expectMissing(only([{ ...game, options: {} }]), 'option words');
  expectMissing(only([game], { params: () => ({ variant: ['standard', 'open', 'new_one'] }) }), 'option words');
  expectMissing(only([game], { cases: () => [] }), 'fixtures');
  expectMissing(only([game], { testList: () => 'Rules.\n  Something\n' }), 'structured-action checker');
  expectMissing(only([game], { testList: () => null }), 'structured-action checker');
  expectMissing(only([]), 'web module');

  const remove = (path: string, then: () => void) => {
    const saved = join(scratch, '.saved');
    cpSync(join(scratch, path), saved, { recursive: true });
    rmSync(join(scratch, path), { recursive: true });
    try {
      then();
    } finally {
      cpSync(saved, join(scratch, path), { recursive: true });
      rmSync(saved, { recursive: true });
    }
  };
  remove('schemas/one.json', () => expectMissing(only([game]), 'schema'));
  remove('docs/rules/one.md', () => expectMissing(only([game]), 'rules doc'));
  remove('tests/games/one/one_structured_actions_test.cc', () => expectMissing(only([game]), 'structured-action checker'));
  remove('web/src/games/one/positions.json', () => expectMissing(only([game]), 'fixtures'));
  remove('web/src/games/one/rules.tsx', () => expectMissing(only([game]), 'web module'));
  writeFileSync(join(scratch, 'docs/rules/one.md'), '# One\nno sections\n');
  expectMissing(only([game]), 'rules doc');
});

test('the UI registry must list exactly the engine games, in its order', () => {
  const a = copyGame('alpha');
  const b = copyGame('beta');
  expect(missingPieces(['alpha', 'beta'], sources([a, b]))).toEqual([]);
  expect(missingPieces(['alpha', 'beta'], sources([b, a]))).toEqual(['web/src/games/registry.ts lists the games as beta, alpha; the engine as alpha, beta']);
  expect(missingPieces(['alpha'], sources([a, b]))).toEqual(['beta: in web/src/games/registry.ts but not registered in the engine']);
});
