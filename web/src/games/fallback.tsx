// For a game this UI has no drawing for: the phase and each seat's public numbers from the view,
// and the legal actions as the only choices (so the game can still be played to the end).
import type { JSX } from 'preact';
import { addTarget, type LegalAction, type Targets } from '../choices.ts';
import type { BoardProps, GameUi } from './common.tsx';

function Board(_board: BoardProps): JSX.Element {
  return (
    <svg viewBox="0 0 600 80" class="board" role="group" aria-label="game without a drawing">
      <text x={20} y={45} class="caption">
        This game has no table drawing in this version of the UI: use the listed choices.
      </text>
    </svg>
  );
}

export const fallback: GameUi = {
  targets: (legal: LegalAction[]) => {
    const t: Targets = new Map();
    for (const { text } of legal) addTarget(t, `action:${text}`, text);
    return t;
  },
  Board,
  phase: (view) => view.phase,
  scores: (_view, result) => (result ? [{ label: 'Score', values: result.scores }] : []),
};
