// The AI as a coach: at a table where every other seat is an AI, a player may ask for the AI's
// estimate of the chance to win after each of their legal moves (the server searches from this
// seat's view only). Hints are shown on the choice buttons and in the board targets' names, and
// can be asked for on every move. The same players may take their last move back. Neither is
// offered where another person sits (docs/web.md).
import type { JSX } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import type { StateMessage } from './api.ts';
import type { Snapshot } from './connection.ts';

// Whether this connection's seat sits only beside AI seats (the server checks it again).
export function onlyAgentsBeside(state: StateMessage | null): boolean {
  if (!state || typeof state.viewer !== 'number') return false;
  return state.seats.every((s) => s.seat === state.viewer || s.player === 'agent');
}

// The hints that belong to the state shown (older ones are dropped once a move is made).
export function currentRates(snapshot: Snapshot | null): Map<string, number> | null {
  const hints = snapshot?.hints;
  if (!hints || !snapshot?.state || hints.index !== snapshot.state.actions) return null;
  return hints.rates;
}

export function percent(rate: number): string {
  return `${Math.round(rate * 100)}%`;
}

const kAutoKey = 'savanna.hints.auto';

export function CoachBar(props: { snapshot: Snapshot; yourTurn: boolean; onHint: () => void; onTakeBack: () => void }): JSX.Element {
  const { snapshot, yourTurn } = props;
  const [auto, setAuto] = useState(() => localStorage.getItem(kAutoKey) === 'on');
  const rates = currentRates(snapshot);
  const actions = snapshot.state?.actions ?? -1;
  useEffect(() => {
    if (auto && yourTurn && !rates && !snapshot.hinting && !snapshot.waiting) props.onHint();
  }, [auto, yourTurn, actions, snapshot.hinting]);
  const toggle = (on: boolean) => {
    localStorage.setItem(kAutoKey, on ? 'on' : 'off');
    setAuto(on);
  };
  const seat = snapshot.state?.viewer;
  const movedYet = snapshot.log.some((e) => e.player === seat);
  let best = '';
  if (rates) {
    let top = -1;
    for (const [action, rate] of rates)
      if (rate > top) {
        top = rate;
        best = `${action} (${percent(rate)})`;
      }
  }
  return (
    <div class="coach" data-coach>
      <button type="button" class="secondary" onClick={props.onHint} disabled={!yourTurn || snapshot.hinting || !!rates} data-ask-hint>
        {snapshot.hinting ? 'The AI is thinking…' : 'Hint: chance to win of each move'}
      </button>
      <button type="button" class="secondary" onClick={props.onTakeBack} disabled={!movedYet || snapshot.waiting} data-take-back>
        Take back my last move
      </button>
      <label>
        <input type="checkbox" checked={auto} onChange={(e) => toggle((e.target as HTMLInputElement).checked)} data-auto-hints /> on every move
      </label>
      {rates ? (
        <p class="hint" role="status" data-hint-best>
          The AI's pick: {best}. The percentages are its estimate of your chance to win after each move, from what you can see.
        </p>
      ) : null}
    </div>
  );
}
