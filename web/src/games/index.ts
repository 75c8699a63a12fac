// The games the UI knows (registry.ts), looked up by name for the shared pages: the table and
// review (board), the lobby and rules pages (rules), the guide (tips) and the seats (score help).
// A game without a folder of its own (one registered on the server after this UI was built)
// still plays: its choices are listed and its view is summarised (fallback.tsx).
import type { GameResult, ViewHeader } from '../api.ts';
import type { GameRules } from '../rules/draw.tsx';
import type { OptionWords } from '../spec.ts';
import type { Who } from '../who.ts';
import type { GameUi } from './common.tsx';
import { fallback } from './fallback.tsx';
import type { GameModule } from './module.ts';
import { GAMES } from './registry.ts';

const BY_NAME = new Map(GAMES.map((g) => [g.name, g]));

export function gameOf(name: string | undefined): GameModule | undefined {
  return name === undefined ? undefined : BY_NAME.get(name);
}

export function gameUi(name: string | undefined): GameUi {
  return gameOf(name)?.ui ?? fallback;
}

export function hasBoard(name: string): boolean {
  return BY_NAME.has(name);
}

// The games this UI draws, in the registry's order.
export function drawnGames(): string[] {
  return GAMES.map((g) => g.name);
}

export function rulesOf(game: string): GameRules | null {
  return gameOf(game)?.rules ?? null;
}

// Every game's rules, in the registry's order (the rules pages' links).
export function allRules(): [string, GameRules][] {
  return GAMES.map((g) => [g.name, g.rules]);
}

// Why the winners of a finished game won, in the game's words (null for a game without a folder).
export function outcomeText(view: ViewHeader, result: GameResult, who: Who): string | null {
  return gameOf(view?.game)?.outcome(view, result, who) ?? null;
}

// A game's parameters in words (empty for a game without a folder: the lobby then shows the
// server's own descriptions).
export function optionWords(game: string): Record<string, OptionWords> {
  return gameOf(game)?.options ?? {};
}

// What score column `label` of `game` means (undefined: nothing to say).
export function scoreHelp(game: string | undefined, label: string): string | undefined {
  return gameOf(game)?.scoreHelp[label];
}
