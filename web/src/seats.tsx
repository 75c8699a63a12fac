// The parts of a table's side that the live table and the review of a finished game share: the
// seats with the game's score columns and who is to act, and the move log.
import type { JSX } from 'preact';
import { useEffect, useRef } from 'preact/hooks';
import type { GameResult, LogEntry, SeatSummary, ViewHeader } from './api.ts';
import type { GameUi } from './games/common.tsx';
import { SeatBadge } from './palette.tsx';
import { joinLink } from './route.ts';
import { scoreHelp } from './games/index.ts';
import { agentLabel } from './spec.ts';
import { headline, outcomeOf } from './outcome.ts';
import { entryWords } from './story.ts';
import type { Who } from './who.ts';

export function seatLabel(seat: SeatSummary): string {
  if (seat.player === 'agent') return agentLabel(seat.agent ?? '');
  if (!seat.taken) return 'free seat';
  return seat.name ? seat.name : 'human';
}

// Per seat, "P0 Ada" or "P1 AI easy".
export function seatNames(seats: SeatSummary[]): string[] {
  return seats.map((s) => `P${s.seat} ${seatLabel(s)}`);
}

// What the seat table reads: a state message has all of it, and so has a review step.
export interface SeatsOf {
  seats: SeatSummary[];
  viewer: number | 'spectator';
  to_act: number[];
  status: 'waiting' | 'playing' | 'finished';
  view: ViewHeader;
  result: GameResult | null;
}

// `review`: a finished game stepped through: no join links, no "away" (the seats' connections
// are today's, not those of the moment shown).
export function Seats(props: { state: SeatsOf; ui: GameUi; table: string; review?: boolean }): JSX.Element {
  const { state, ui } = props;
  const columns = ui.scores(state.view, state.result);
  const winners = new Set(state.result?.winners ?? []);
  return (
    <table class="seats">
      <thead>
        <tr>
          <th scope="col">Seat</th>
          <th scope="col">Player</th>
          {columns.map((c) => (
            <th scope="col" key={c.label} title={scoreHelp(state.view?.game, c.label)} data-score-help={scoreHelp(state.view?.game, c.label) ? 'yes' : undefined}>
              {c.label}
            </th>
          ))}
          <th scope="col">Status</th>
        </tr>
      </thead>
      <tbody>
        {state.seats.map((s) => {
          const acting = state.to_act.includes(s.seat) && state.status === 'playing';
          const status = winners.has(s.seat)
            ? 'winner'
            : acting
              ? 'to act'
              : !props.review && s.player === 'human' && s.taken && !s.connected
                ? 'away'
                : '';
          return (
            <tr key={s.seat} class={`${acting ? 'acting' : ''}${state.viewer === s.seat ? ' you' : ''}`} data-seat={s.seat}>
              <td>
                <SeatBadge seat={s.seat} /> P{s.seat}
                {state.viewer === s.seat ? (props.review ? ' (seen by)' : ' (you)') : ''}
              </td>
              <td>
                {seatLabel(s)}
                {!props.review && s.player === 'human' && !s.taken && state.status !== 'finished' ? (
                  <>
                    {' '}
                    <a href={joinLink(location.origin, props.table, s.seat)} data-join-link={s.seat}>
                      join link
                    </a>
                  </>
                ) : null}
              </td>
              {columns.map((c) => (
                <td key={c.label} data-score={c.label} title={scoreHelp(state.view?.game, c.label)}>
                  {c.values[s.seat]}
                </td>
              ))}
              <td class="status">{status === 'winner' ? '★ winner' : status === 'to act' ? '▶ to act' : status}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

// The move log, the latest last (highlighted, as the board outlines it), scrolled to the end. The
// others' moves since the reader's own last move are tinted, each flashing once as it comes (in
// turn when several come at once), so that no AI move goes by unseen.
export function MoveLog(props: { log: LogEntry[]; who: Who; review?: boolean }): JSX.Element {
  const { log } = props;
  const list = useRef<HTMLOListElement>(null);
  // The reader's own last move (-1: none); the others' moves after it are fresh.
  let ownLast = -1;
  log.forEach((e, i) => {
    if (props.who.isYou(e.player)) ownLast = i;
  });
  const firstFresh = ownLast + 1;
  useEffect(() => {
    const el = list.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [log.length]);
  return (
    <section class="log" aria-label="move log">
      <h2>Moves</h2>
      <ol ref={list} aria-live="polite" tabindex={0} aria-label="moves, the latest last">
        {log.map((e, i) => {
          const fresh = !props.review && props.who.viewer !== 'spectator' && i > ownLast && !props.who.isYou(e.player);
          return (
            <li
              key={e.index}
              class={`${i === log.length - 1 ? 'last' : ''}${fresh ? ' fresh' : ''}`}
              data-log-index={e.index}
              data-fresh={fresh ? 'yes' : undefined}
              style={fresh ? { animationDelay: `${Math.min(i - firstFresh, 8) * 0.5}s` } : undefined}
            >
              <SeatBadge seat={e.player} />{' '}
              <span class="what" data-action-text={e.action}>
                {entryWords(e, props.who)}
              </span>
            </li>
          );
        })}
      </ol>
    </section>
  );
}

// A finished game for the person reading: "You won!" or "You lost: ... won.", and why (the
// game's own rule with the scores as its board shows them, and the tie-break that decided).
export function FinalResult(props: { result: GameResult; who: Who; why: string | null }): JSX.Element {
  const { result, who } = props;
  return (
    <>
      <p class={`headline ${outcomeOf(result, who)}`} data-outcome={outcomeOf(result, who)}>
        <strong>{headline(result, who)}</strong>
      </p>
      {props.why ? <p data-outcome-why>{props.why}</p> : null}
    </>
  );
}

// The latest move in words, beside the board's own drawing of it (an outline, an arrow).
export function LastMove(props: { last: LogEntry | null; who: Who }): JSX.Element | null {
  const { last } = props;
  if (!last) return null;
  return (
    <span class="last-move" key={last.index} data-last-move={last.index} title={entryWords(last, props.who)}>
      Last move: {entryWords(last, props.who)}
    </span>
  );
}
