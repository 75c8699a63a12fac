// The review of a finished game (#/review/ID): step through it move by move, as any seat saw it
// or as a spectator, with the move log and the board drawn from the view at that step (each
// game's own board, with nothing to click), and a link to share. The server replays the stored
// record for each step (GET /api/tables/ID/review); before the game ends it refuses
// (not_finished) and the page says so.
import type { JSX } from 'preact';
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { ApiError, type ReviewReply, type TableSummary } from './api.ts';
import type { Backend } from './backend.ts';
import type { BoardProps } from './games/common.tsx';
import { gameUi, outcomeText } from './games/index.ts';
import { reviewLink, routeHash } from './route.ts';
import { FinalResult, LastMove, MoveLog, Seats, seatNames } from './seats.tsx';
import { StepLoader } from './step_loader.ts';
import { CopyLink } from './copy_link.tsx';
import { Who } from './who.ts';

type Viewer = number | 'spectator';
interface Ask {
  viewer: Viewer;
  step: number;
}

// The step a key moves to from `step` (of `steps`), or null for a key that does not step.
export function stepForKey(key: string, step: number, steps: number): number | null {
  const to = { ArrowLeft: step - 1, ArrowRight: step + 1, Home: 0, End: steps }[key];
  return to === undefined ? null : Math.max(0, Math.min(steps, to));
}

function StepControls(props: { step: number; steps: number; onStep: (step: number) => void }): JSX.Element {
  const { step, steps, onStep } = props;
  return (
    <nav class="review-controls" aria-label="steps">
      <button type="button" class="secondary" onClick={() => onStep(0)} disabled={step === 0} data-step-to="first">
        ◀◀ First
      </button>
      <button type="button" onClick={() => onStep(step - 1)} disabled={step === 0} data-step-to="prev">
        ◀ Previous
      </button>
      <button type="button" onClick={() => onStep(step + 1)} disabled={step === steps} data-step-to="next">
        Next ▶
      </button>
      <button type="button" class="secondary" onClick={() => onStep(steps)} disabled={step === steps} data-step-to="last">
        Last ▶▶
      </button>
      <input
        type="range"
        min={0}
        max={steps}
        value={step}
        aria-label="step"
        aria-valuetext={`step ${step} of ${steps}`}
        onInput={(e) => onStep(Number((e.target as HTMLInputElement).value))}
        data-step-slider
      />
      <span role="status" data-step-shown>
        Step {step} of {steps}
        {step === 0 ? ' (the deal)' : ''}
      </span>
    </nav>
  );
}

function ShareLink(props: { table: string }): JSX.Element {
  return (
    <section class="share" aria-label="share this review">
      <h2>Share</h2>
      <CopyLink link={reviewLink(location.origin, props.table)} label="link to this review" data="review" />
    </section>
  );
}

export function ReviewPage(props: { table: string; viewer?: Viewer; step?: number; backend: Backend }): JSX.Element {
  const { table } = props;
  const { api, tokens, local } = props.backend;
  const [summary, setSummary] = useState<TableSummary | null>(null);
  // The seat this browser held at the table, unless the link names a viewer.
  const [viewer, setViewer] = useState<Viewer>(props.viewer ?? tokens.seats(table)[0] ?? 'spectator');
  const [step, setStep] = useState(props.step ?? 0);
  const [reply, setReply] = useState<ReviewReply | null>(null);
  const [error, setError] = useState<ApiError | null>(null);
  const loader = useRef<StepLoader<Ask, ReviewReply> | null>(null);
  const steps = reply?.steps ?? (summary?.status === 'finished' ? summary.actions : null);
  // The keyboard handler reads the latest of both.
  const stepsRef = useRef(steps);
  stepsRef.current = steps;
  const stepRef = useRef(step);
  stepRef.current = step;

  useEffect(() => {
    let live = true;
    api.table(table).then(
      (s) => live && setSummary(s),
      (e) => live && setError(e instanceof ApiError ? e : new ApiError('error', String(e))),
    );
    const l = new StepLoader<Ask, ReviewReply>(
      (ask) => api.review(table, ask.viewer, ask.step),
      (_, r) => {
        setReply(r);
        setError(null);
      },
      (_, e) => setError(e instanceof ApiError ? e : new ApiError('error', String(e))),
    );
    loader.current = l;
    return () => {
      live = false;
      l.close();
    };
  }, [table]);
  // A link naming a seat the game does not have, or a step past its end, is brought within it.
  useEffect(() => {
    if (!summary) return;
    if (typeof viewer === 'number' && viewer >= summary.seats.length) setViewer('spectator');
    if (summary.status === 'finished' && step > summary.actions) setStep(summary.actions);
  }, [summary]);
  // Each step asked for is loaded (the latest wins) and kept in the address, so a reload stays.
  useEffect(() => {
    loader.current?.ask({ viewer, step });
    history.replaceState(null, '', routeHash({ page: 'review', table, viewer, step, local }));
  }, [table, viewer, step]);
  useEffect(() => {
    document.title = 'Review · Savanna';
    const onKey = (e: KeyboardEvent) => {
      const t = e.target as HTMLElement | null;
      if (e.altKey || e.ctrlKey || e.metaKey || (t && ['INPUT', 'SELECT', 'TEXTAREA'].includes(t.tagName))) return;
      const total = stepsRef.current;
      const to = total === null ? null : stepForKey(e.key, stepRef.current, total);
      if (to === null) return;
      e.preventDefault();
      setStep(to);
    };
    addEventListener('keydown', onKey);
    return () => {
      removeEventListener('keydown', onKey);
      document.title = 'Savanna';
    };
  }, []);

  const ui = reply ? gameUi(reply.view.game) : null;
  const names = useMemo(() => (summary ? seatNames(summary.seats) : []), [summary]);
  const back = (
    <a href={routeHash({ page: 'table', table, local })} data-back-to-table>
      the table
    </a>
  );
  if (!reply || !ui || !summary || steps === null) {
    return (
      <main class="review-page" data-review={table} data-review-error={error?.code}>
        <h1>Review</h1>
        {error?.code === 'not_finished' ? (
          <p class="error" role="alert">
            This game is not over yet: its review opens once it has ended. Go to {back} to play or watch it.
          </p>
        ) : error ? (
          <p class="error" role="alert">
            {error.message}
          </p>
        ) : (
          <p role="status">Loading the review…</p>
        )}
        <a href="#/">Back to the lobby</a>
      </main>
    );
  }
  const board: BoardProps = {
    view: reply.view,
    legal: [],
    viewer: reply.viewer,
    targets: new Map(),
    picked: [],
    onPick: () => {},
    last: reply.log.length ? reply.log[reply.log.length - 1] : null,
    // "You" only where the review is seen by the seat this browser held at the table.
    who: new Who(names, typeof reply.viewer === 'number' && tokens.seats(table).includes(reply.viewer) ? reply.viewer : 'spectator'),
    hints: null,
  };
  const last = board.last;
  const atEnd = reply.step === reply.steps;
  const seats = { ...reply, seats: summary.seats, status: atEnd ? ('finished' as const) : ('playing' as const) };
  const go = (to: number) => setStep(Math.max(0, Math.min(steps, to)));
  return (
    <main
      class="table-page review-page"
      data-review={table}
      data-step={reply.step}
      data-steps={reply.steps}
      data-viewer={String(reply.viewer)}
      data-log={reply.log.length}
      data-review-error={error?.code}
    >
      <header class="table-head">
        <a href="#/" class="back">
          ← Lobby
        </a>
        <h1>Review: {summary.title}</h1>
        <span class="table-id">table {table}</span>
        {back}
      </header>
      <StepControls step={step} steps={steps} onStep={go} />
      <p class="review-viewer">
        <label>
          Seen by{' '}
          <select value={String(viewer)} onChange={(e) => setViewer(parseViewer((e.target as HTMLSelectElement).value))} data-review-viewer>
            <option value="spectator">everyone (the spectator's view)</option>
            {summary.seats.map((s) => (
              <option key={s.seat} value={String(s.seat)}>
                {names[s.seat]}
              </option>
            ))}
          </select>
        </label>{' '}
        <small>Use ← and → (Home, End) to step.</small>
      </p>
      <p class="phase" data-phase>
        {atEnd ? 'Game over' : ui.phase(reply.view, board.who)}
      </p>
      <p class="last-move-line">{last ? <LastMove last={last} who={board.who} /> : 'No move yet: the deal.'}</p>
      {error ? (
        <p class="error" role="alert">
          {error.message}
        </p>
      ) : null}
      <div class="table-layout">
        <section class="board-wrap" aria-label="board" tabindex={0}>
          <ui.Board {...board} />
        </section>
        <aside class="side">
          {atEnd && reply.result ? (
            <section class="result" aria-label="result" data-review-result>
              <h2>Game over</h2>
              <FinalResult result={reply.result} who={board.who} why={outcomeText(reply.view, reply.result, board.who)} />
            </section>
          ) : null}
          <Seats state={seats} ui={ui} table={table} review />
          <MoveLog log={reply.log} who={board.who} review />
          {local ? null : <ShareLink table={table} />}
        </aside>
      </div>
    </main>
  );
}

function parseViewer(value: string): Viewer {
  return value === 'spectator' ? 'spectator' : Number(value);
}
