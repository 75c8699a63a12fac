// What the UI knows of one game. Each game keeps its pieces in its own folder,
// web/src/games/<name>/: the table view (board.tsx), the rules page (rules.tsx), its styles
// (styles.css), the positions its unit test fixtures are made from (positions.json,
// positions.mjs), and index.ts, which gathers them as the GameModule that registry.ts lists.
// Nothing outside the folder names the game.
import type { GameResult, LogEntry, ViewHeader } from '../api.ts';
import type { OptionWords } from '../spec.ts';
import type { Who } from '../who.ts';
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
    // otherwise); `who` names the seats ("you", "P2 AI random").
    lastMove?: (view: View, last: LogEntry, who: Who) => string | null;
  };
  // Why the winners of a finished game won, in one or two sentences with the scores, and the
  // tie-break when one decided ("Most points wins: ... You and P1 tied on 34 points; the most
  // hero tokens breaks the tie: P1 3, you 2.").
  outcome: (view: View, result: GameResult, who: Who) => string;
  // Every parameter the lobby offers (each int, choice and bool parameter but `players`), in
  // words: its label, what each choice means, and a table's setting in a few words.
  options: Record<string, OptionWords>;
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
