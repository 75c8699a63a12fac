// Every piece a registered game needs, checked for each game the engine registers (`savanna games
// --json`), so that adding a game cannot leave one out (docs/architecture.md, "Adding a game"):
//   schema            schemas/<game>.json with its `view` and `action` (view_schema_test holds
//                     them to the views field by field)
//   web module        an entry of web/src/games/registry.ts named like the game, from the game's
//                     folder web/src/games/<game>/ (index.ts, board.tsx, rules.tsx)
//   board             the module's targets, Board, phase and scores
//   rules page        the module's rules: title, goal, sections
//   guide tips        a tip for at least one phase, each for a phase the schema names
//   score help        a help text for every score column the board shows on the game's fixtures
//   outcome           the module's words for why the winners of a finished game won
//   option words      a label for every parameter the lobby offers, and words for each choice
//   fixtures          web/src/games/<game>/positions.json, made into engine fixtures with decisions
//   rules doc         docs/rules/<game>.md with its "Structured actions" section
//   structured-action checker
//                     tests/games/<game>/<game>_structured_actions_test.cc, built into
//                     <game>_rules_test as a StructuredActions test
// and the UI's registry lists exactly the engine's games, in the engine's order.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { GameModule } from '../../src/games/module.ts';
import type { Case } from './fixtures.ts';

export interface Sources {
  root: string; // the repository
  modules: readonly GameModule[]; // the UI's registry
  cases(game: string): Case<unknown>[] | null; // the engine-made fixtures of this run
  testList(game: string): string | null; // `<game>_rules_test --gtest_list_tests`; null: not built
  // The parameters the lobby offers (`savanna games --json`: int, double, choice and bool, but
  // `players`), with their choices.
  params(game: string): Record<string, string[] | null>;
}

const isFunction = (f: unknown) => typeof f === 'function';

function read(root: string, path: string): string | null {
  const file = join(root, path);
  return existsSync(file) ? readFileSync(file, 'utf8') : null;
}

// What `game` lacks, one line per missing piece ("kariba: rules doc: ...").
function missingOf(game: string, sources: Sources): string[] {
  const out: string[] = [];
  const lack = (piece: string, why: string) => out.push(`${game}: ${piece}: ${why}`);
  const { root } = sources;

  const schemaText = read(root, `schemas/${game}.json`);
  let phases: string[] | null = null;
  if (schemaText === null) lack('schema', `no schemas/${game}.json`);
  else {
    const definitions = (JSON.parse(schemaText) as { definitions?: Record<string, { properties?: { phase?: { enum?: string[] } } }> }).definitions ?? {};
    if (!definitions.view || !definitions.action) lack('schema', `schemas/${game}.json lacks its "view" or "action" definition`);
    phases = definitions.view?.properties?.phase?.enum ?? null;
  }

  const module = sources.modules.find((m) => m.name === game);
  for (const file of ['index.ts', 'board.tsx', 'rules.tsx'])
    if (!existsSync(join(root, 'web/src/games', game, file))) lack('web module', `no web/src/games/${game}/${file}`);
  if (!module) lack('web module', 'not in web/src/games/registry.ts');
  else {
    const { ui, rules, guide, scoreHelp } = module;
    if (!ui || !isFunction(ui.targets) || !isFunction(ui.Board) || !isFunction(ui.phase) || !isFunction(ui.scores)) lack('board', 'the module has no targets, Board, phase and scores');
    if (!rules?.title || !rules.goal || !rules.sections?.length) lack('rules page', 'the module has no rules with a title, a goal and sections');
    const tips = Object.keys(guide?.tips ?? {});
    if (tips.length === 0) lack('guide tips', 'the module has no tip for any phase');
    for (const phase of tips) if (phases && !phases.includes(phase)) lack('guide tips', `a tip for "${phase}", which is no phase of schemas/${game}.json`);
    const cases = sources.cases(game) ?? [];
    const labels = new Set(cases.flatMap((c) => (ui && isFunction(ui.scores) ? ui.scores(c.view as never, null).map((s) => s.label) : [])));
    for (const label of labels) if (!scoreHelp?.[label]) lack('score help', `no help for the score column "${label}"`);
    if (!isFunction(module.outcome)) lack('outcome', 'the module does not say why the winners won');
    for (const [name, choices] of Object.entries(sources.params(game))) {
      const words = module.options?.[name];
      if (!words?.label || !isFunction(words.short)) lack('option words', `no label for the parameter "${name}"`);
      else for (const c of choices ?? []) if (!words.choices?.[c]) lack('option words', `no words for ${name}=${c}`);
    }
  }

  if (!existsSync(join(root, 'web/src/games', game, 'positions.json'))) lack('fixtures', `no web/src/games/${game}/positions.json`);
  else if (!(sources.cases(game)?.length ?? 0)) lack('fixtures', 'the engine made no decision of its positions');

  const doc = read(root, `docs/rules/${game}.md`);
  if (doc === null) lack('rules doc', `no docs/rules/${game}.md`);
  else if (!/^## Structured actions$/m.test(doc)) lack('rules doc', `docs/rules/${game}.md has no "## Structured actions" section`);

  const checkerPath = `tests/games/${game}/${game}_structured_actions_test.cc`;
  const checker = read(root, checkerPath);
  if (checker === null || !checker.includes('CheckStructuredActions(')) lack('structured-action checker', `no ${checkerPath} calling CheckStructuredActions`);
  const list = sources.testList(game);
  if (list === null) lack('structured-action checker', `${game}_rules_test is not built`);
  else if (!/^StructuredActions\.$/m.test(list)) lack('structured-action checker', `${game}_rules_test has no StructuredActions test`);
  return out;
}

// Every missing piece of every game in `registered` (the engine's names, in its order), and any
// disagreement between the UI's registry and the engine's.
export function missingPieces(registered: string[], sources: Sources): string[] {
  const out = registered.flatMap((game) => missingOf(game, sources));
  const ui = sources.modules.map((m) => m.name);
  for (const name of ui) if (!registered.includes(name)) out.push(`${name}: in web/src/games/registry.ts but not registered in the engine`);
  const common = registered.filter((g) => ui.includes(g));
  if (ui.filter((g) => common.includes(g)).join() !== common.join()) out.push(`web/src/games/registry.ts lists the games as ${ui.join(', ')}; the engine as ${registered.join(', ')}`);
  return out;
}
