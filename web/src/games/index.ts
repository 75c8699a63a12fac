// The table view of each game, found by file name: `games/<name>.tsx` whose default export is a
// game module draws the game registered as <name>. Adding a game's drawing is adding its file;
// its title and parameters come from the server (GET /api/games, the table summary).
/// <reference types="vite/client" />
import type { GameUi } from './common.tsx';
import { fallback } from './fallback.tsx';

const modules = import.meta.glob<{ default?: GameUi }>('./*.tsx', { eager: true });
const GAMES: Record<string, GameUi> = {};
for (const [path, module] of Object.entries(modules)) {
  const name = /^\.\/(\w+)\.tsx$/.exec(path)?.[1];
  if (name && module.default) GAMES[name] = module.default;
}

// A game without a drawing of its own (one registered on the server after this UI was built)
// still plays: its choices are listed and its view is summarised.
export function gameUi(name: string | undefined): GameUi {
  return (name && GAMES[name]) || fallback;
}

export function hasBoard(name: string): boolean {
  return name in GAMES;
}

// The games this UI draws (for the tests).
export function drawnGames(): string[] {
  return Object.keys(GAMES).sort();
}
