// What the UI knows of one game. Each game keeps its pieces in its own folder,
// web/src/games/<name>/: the table view (board.tsx), the rules page (rules.tsx), its styles
// (styles.css), the positions its unit test fixtures are made from (positions.json,
// positions.mjs), and index.ts, which gathers them as the GameModule that registry.ts lists.
// Nothing outside the folder names the game.
import type { LogEntry, ViewHeader } from '../api.ts';
import type { GameRules } from '../rules/draw.tsx';
import type { GameUi } from './common.tsx';

export interface GameModule<View = ViewHeader> {
  // The name the engine registers the game under (`savanna games --json`, the view's `game`).
  name: string;
  ui: GameUi<View>;
  rules: GameRules;
  // The first-game guide (guide.tsx).
  guide: {
    // Per phase of the view: what the decision at hand means, in plain words.
    tips: Record<string, string>;
    // The last move in words when the view tells more than the log's line (the log's line
    // otherwise): `who` names the seat that moved ("P2 AI random").
    lastMove?: (view: View, last: LogEntry, who: string) => string | null;
  };
  // Per score column of `ui.scores` (by its label): what it counts and how it decides the game,
  // shown on hover over the seats table's column.
  scoreHelp: Record<string, string>;
}

// A game's module for the registry: its view type is the schema's view of that game, which the
// server sends for exactly that game name (the view's `game`), so the registry may hold it as a
// module over the common view header.
export function defineGame<View>(game: GameModule<View>): GameModule {
  return game as unknown as GameModule;
}
