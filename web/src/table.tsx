// The table page: connects to one table (as a seat or as a spectator), shows the game's board,
// the choices (only the server's legal actions), the seats with scores, the move log, the result
// and a rematch button, and join links for free seats.
import type { JSX } from 'preact';
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { ApiError, type StateMessage } from './api.ts';
import type { Backend } from './backend.ts';
import { groupOf, legalActions, narrowed, numericChoice, pick, picksWith, type LegalAction, type Targets } from './choices.ts';
import { TableConnection, type Snapshot, type Want } from './connection.ts';
import { gameUi, outcomeText, rulesOf } from './games/index.ts';
import type { BoardProps } from './games/common.tsx';
import { joinLink, routeHash } from './route.ts';
import { RulesDialog } from './rules_page.tsx';
import { Guide } from './guide.tsx';
import { FinalResult, LastMove, MoveLog, Seats, seatNames } from './seats.tsx';
import { CoachBar, currentRates, onlyAgentsBeside, percent } from './coach.tsx';
import { CopyLink } from './copy_link.tsx';
import { Who } from './who.ts';
import { Chat, ChatNotice } from './chat.tsx';

// The choices: the legal actions left by the picks on the board, as buttons (each in the game's
// words, `label`), or for a long numeric list (a bid, a space) a number field and a slider that
// steps through the legal numbers only, or for other long lists a filter and a list. A game that
// names first steps (a counter kind, a card) gets them as buttons before anything is picked, so a
// decision of many actions always starts the same way.
interface ChoicesProps {
  actions: LegalAction[];
  picked: string[];
  waiting: boolean;
  rates: Map<string, number> | null;
  labelOf: (a: LegalAction) => string;
  steps: { prompt: string; keys: { key: string; label: string }[] } | null;
  onAct: (a: string) => void;
  onStep: (key: string) => void;
  onClear: () => void;
}

function Choices(props: ChoicesProps): JSX.Element {
  const { actions } = props;
  const numeric = numericChoice(actions);
  const [value, setValue] = useState<string>('');
  const clear = props.picked.length ? (
    <button type="button" class="secondary" onClick={props.onClear} data-clear>
      Clear selection
    </button>
  ) : null;
  if (props.steps) {
    return (
      <div class="choices" role="group" aria-label="your choices">
        <p class="step-prompt">{props.steps.prompt}</p>
        <div class="choice-buttons" data-steps>
          {props.steps.keys.map((s) => (
            <button type="button" key={s.key} data-step={s.key} disabled={props.waiting} onClick={() => props.onStep(s.key)}>
              {s.label}
            </button>
          ))}
        </div>
        <p class="hint">Or pick it on the board (highlighted).</p>
      </div>
    );
  }
  if (numeric && actions.length > 12) {
    const min = numeric.values[0],
      max = numeric.values[numeric.values.length - 1];
    const n = value === '' ? min : Number(value);
    const legal = Number.isInteger(n) && numeric.values.includes(n);
    const chosen = legal ? actions.find((a) => a.text === numeric.textOf.get(n)) : undefined;
    const submit = (e: Event) => {
      e.preventDefault();
      if (chosen) props.onAct(chosen.text);
    };
    return (
      <form class="choices numeric" onSubmit={submit} aria-label="your choice">
        <label>
          {numeric.field} ({min}–{max}){' '}
          <input
            type="number"
            min={min}
            max={max}
            value={value === '' ? String(min) : value}
            onInput={(e) => setValue((e.target as HTMLInputElement).value)}
            data-numeric={numeric.kind}
            data-numeric-field={numeric.field}
          />
        </label>
        <input
          type="range"
          min={0}
          max={numeric.values.length - 1}
          value={Math.max(0, numeric.values.findIndex((v) => v >= n))}
          aria-label={`${numeric.field} slider`}
          aria-valuetext={String(legal ? n : numeric.values[Math.max(0, numeric.values.findIndex((v) => v >= n))])}
          onInput={(e) => setValue(String(numeric.values[Number((e.target as HTMLInputElement).value)]))}
          data-numeric-slider
        />
        {!legal && value !== '' ? <p class="hint">{value} is not one of the choices</p> : null}
        <button type="submit" disabled={!chosen || props.waiting} data-submit={numeric.kind} data-action={chosen?.text}>
          {chosen ? props.labelOf(chosen) : `${numeric.field} ?`}
        </button>
        {chosen && props.rates?.has(chosen.text) ? (
          <span class="hint-rate" data-hint-rate={Math.round((props.rates.get(chosen.text) ?? 0) * 100)}>
            AI: {percent(props.rates.get(chosen.text) ?? 0)} to win
          </span>
        ) : null}
        {clear}
      </form>
    );
  }
  if (actions.length > 24) return <LongChoice {...props} />;
  return (
    <div class="choices" role="group" aria-label="your choices">
      <div class="choice-buttons">
        {actions.map((a) => {
          const rate = props.rates?.get(a.text);
          return (
            <button type="button" key={a.text} data-action={a.text} disabled={props.waiting} onClick={() => props.onAct(a.text)}>
              {props.labelOf(a)}
              {rate !== undefined ? (
                <span class="hint-rate" data-hint-rate={Math.round(rate * 100)}>
                  {' '}
                  {percent(rate)}
                </span>
              ) : null}
            </button>
          );
        })}
      </div>
      {clear}
    </div>
  );
}

// Many choices (a counter that may go on some 80 spaces of a trail): pick on the board, or filter
// the list by typing and choose from it.
function LongChoice(props: ChoicesProps): JSX.Element {
  const [filter, setFilter] = useState('');
  const [chosen, setChosen] = useState('');
  const words = filter.trim().toLowerCase().split(/\s+/).filter(Boolean);
  // A search through the words people read, never a reading of their meaning.
  const shown = props.actions.filter((a) => words.every((w) => props.labelOf(a).toLowerCase().includes(w)));
  const selected = shown.find((a) => a.text === chosen) ?? shown[0];
  const submit = (e: Event) => {
    e.preventDefault();
    if (selected) props.onAct(selected.text);
  };
  return (
    <form class="choices long" onSubmit={submit} aria-label="your choices">
      <p class="hint">
        {props.actions.length} choices: pick on the board (highlighted), or filter and choose here.
      </p>
      <input type="search" placeholder="filter, e.g. lion 37" value={filter} onInput={(e) => setFilter((e.target as HTMLInputElement).value)} aria-label="filter the choices" />
      <select size={8} value={selected?.text ?? ''} onChange={(e) => setChosen((e.target as HTMLSelectElement).value)} aria-label="choices" data-action-list>
        {shown.map((a) => (
          <option key={a.text} value={a.text}>
            {props.labelOf(a)}
            {props.rates?.has(a.text) ? ` (AI: ${percent(props.rates.get(a.text) ?? 0)})` : ''}
          </option>
        ))}
      </select>
      <div class="choice-buttons">
        <button type="submit" disabled={!selected || props.waiting} data-play-selected>
          {selected ? props.labelOf(selected) : 'nothing matches'}
        </button>
        {props.picked.length ? (
          <button type="button" class="secondary" onClick={props.onClear}>
            Clear selection
          </button>
        ) : null}
      </div>
    </form>
  );
}

function Result(props: { state: StateMessage; who: Who; table: string; local: boolean; onRematch: () => void; busy: boolean }): JSX.Element | null {
  const { state } = props;
  if (!state.result) return null;
  return (
    <section class="result" aria-label="result" data-result="final">
      <h2>Game over</h2>
      <FinalResult result={state.result} who={props.who} why={outcomeText(state.view, state.result, props.who)} />
      {state.rematch ? <p role="status">A rematch has been set up.</p> : null}
      <button type="button" onClick={props.onRematch} disabled={props.busy} data-rematch>
        {state.rematch ? 'Go to the rematch' : 'Rematch'}
      </button>{' '}
      <a href={routeHash({ page: 'review', table: props.table, local: props.local })} class="button-link" data-review-link>
        Review the game
      </a>{' '}
      {props.local ? null : (
        <a href={`/api/tables/${props.table}/record`} target="_blank" rel="noopener">
          game record (JSON)
        </a>
      )}
    </section>
  );
}

export function TablePage(props: { table: string; want: Want; backend: Backend }): JSX.Element {
  const { table, backend } = props;
  const { api, tokens, local } = backend;
  const [snapshot, setSnapshot] = useState<Snapshot | null>(null);
  const [picked, setPicked] = useState<string[]>([]);
  const [rematch, setRematch] = useState<{ busy: boolean; error: string | null }>({ busy: false, error: null });
  const [rulesOpen, setRulesOpen] = useState(false);
  // After a key press picked a target that leaves one action: focus that action's button.
  const [confirmFocus, setConfirmFocus] = useState(false);
  // How many chat lines have been on screen (a notice shows the others' newer ones).
  const [chatSeen, setChatSeen] = useState(0);
  const connection = useRef<TableConnection | null>(null);
  // The board's memory of this table (BoardProps.memory), afresh for another table.
  const boardMemory = useRef({ table: '', map: new Map<string, unknown>() });
  if (boardMemory.current.table !== props.table) boardMemory.current = { table: props.table, map: new Map() };
  const wantKey = JSON.stringify(props.want);
  // The game's title as the server names it (the table summary), never a list of our own.
  const [title, setTitle] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    api.table(table).then(
      (summary) => live && setTitle(summary.title),
      () => {}, // the name stays until the summary can be read; the page works without it
    );
    return () => {
      live = false;
    };
  }, [table]);
  useEffect(() => {
    const c = new TableConnection(table, props.want, tokens, setSnapshot, backend.openSocket);
    connection.current = c;
    return () => c.close();
  }, [table, wantKey]);

  const state = snapshot?.state ?? null;
  // After a move, the focus goes back to the hand (or the board's first choice) when it was lost
  // with the part of the page that held it; after a key press that left one action, to that
  // action's button.
  useEffect(() => {
    if (!state?.legal?.length) return;
    const active = document.activeElement;
    if (active && active !== document.body && document.contains(active)) return;
    const target = document.querySelector<HTMLElement>('.board-wrap .part.hand [data-target]') ?? document.querySelector<HTMLElement>('.board-wrap [data-target]');
    target?.focus();
  }, [state?.actions, state?.legal?.length]);
  useEffect(() => {
    if (!confirmFocus) return;
    setConfirmFocus(false);
    document.querySelector<HTMLElement>('.your-move .choices button[data-action], .your-move .choices [data-submit]')?.focus();
  }, [confirmFocus]);
  const ui = state ? gameUi(state.view?.game) : null;
  const legal = useMemo(() => legalActions(state), [state]);
  const texts = useMemo(() => legal.map((a) => a.text), [legal]);
  const targets: Targets = useMemo(() => (ui && state ? ui.targets(legal, state.view) : new Map()), [state, ui]);
  // A new state (a move was made) drops picks that no longer fit.
  useEffect(() => setPicked((p) => p.filter((k) => targets.has(k))), [targets]);
  // A choice the game warns about waits for the player's confirmation under Your move.
  const [warned, setWarned] = useState<{ action: string; text: string } | null>(null);
  const act = (a: string, confirmed = false) => {
    const structured = legal.find((l) => l.text === a)?.structured;
    const warning = !confirmed && structured && state && ui?.warn ? ui.warn(structured, state.view) : null;
    setPicked([]);
    if (warning) {
      setWarned({ action: a, text: warning });
      return;
    }
    setWarned(null);
    connection.current?.act(a);
  };
  // A new position drops a warning that was for the old one.
  useEffect(() => setWarned(null), [state?.actions]);
  // A warning takes the focus (its confirming button), which brings it into view: on a phone
  // Your move lies below the board that was clicked.
  useEffect(() => {
    if (warned) document.querySelector<HTMLElement>('[data-confirm-warning]')?.focus();
  }, [warned]);
  // A click plays the one action its picks leave; a key press (Enter, Space) only picks, and the
  // move is confirmed with the one button left under Your move, which takes the focus.
  const onPick = (key: string, keyboard = false) => {
    const r = pick(texts, targets, picked, key);
    if (r.play && keyboard) {
      setPicked(picksWith(texts, targets, picked, key));
      setConfirmFocus(true);
      return;
    }
    setPicked(r.picked);
    if (r.play) act(r.play);
  };
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setPicked([]);
    };
    addEventListener('keydown', onKey);
    return () => removeEventListener('keydown', onKey);
  }, []);

  // The tab's title says when it is this seat's turn (useful with several tabs or windows).
  const yourMove = (snapshot?.state?.legal?.length ?? 0) > 0;
  useEffect(() => {
    document.title = `${yourMove ? '▶ Your move · ' : ''}Savanna`;
    return () => {
      document.title = 'Savanna';
    };
  }, [yourMove]);

  // Rematch: the server makes one new table like this one (the first request creates it, the
  // others get the same); each player goes to the same seat number there, a spectator watches.
  const goTo = (id: string) => {
    // The rematch moves every seat round by one (docs/protocol.md): this seat's player sits one on.
    const seat = typeof state?.viewer === 'number' ? (state.viewer + 1) % state.seats.length : undefined;
    location.hash = routeHash({ page: 'table', table: id, local, ...(seat !== undefined ? { seat } : { watch: true }) });
  };
  const doRematch = async () => {
    setRematch({ busy: true, error: null });
    try {
      const made = await api.rematch(table);
      setRematch({ busy: false, error: null });
      goTo(made.id);
    } catch (e) {
      setRematch({ busy: false, error: e instanceof ApiError ? e.message : String(e) });
    }
  };

  if (!snapshot || !state || !ui) {
    return (
      <main class="table-page">
        <p class="connecting" role="status">
          {snapshot?.error ?? (local ? 'Starting the game on this device…' : 'Connecting to the table…')}
        </p>
        <a href="#/">Back to the lobby</a>
      </main>
    );
  }
  const left = new Set(narrowed(texts, targets, picked));
  const actions = legal.filter((a) => left.has(a.text));
  const who = new Who(seatNames(state.seats), state.viewer);
  const labelOf = (a: LegalAction) => `${ui.warn?.(a.structured, state.view) ? '⚠ ' : ''}${ui.label?.(a.structured, state.view, who) ?? a.text}`;
  // The game's first step, when nothing is picked yet and it offers a real choice.
  let steps: ChoicesProps['steps'] = null;
  if (picked.length === 0)
    for (const step of ui.firstSteps ?? []) {
      const keys = [...targets.keys()].filter((k) => groupOf(k) === step.group);
      if (keys.length > 1 || (keys.length === 1 && actions.length > 12)) {
        steps = { prompt: step.prompt, keys: keys.map((key) => ({ key, label: key.slice(step.group.length + 1) })) };
        break;
      }
    }
  const last = snapshot.log.length ? snapshot.log[snapshot.log.length - 1] : null;
  const board: BoardProps = {
    view: state.view,
    legal,
    viewer: state.viewer,
    targets,
    picked,
    onPick,
    last,
    who,
    hints: currentRates(snapshot),
    memory: boardMemory.current.map,
  };
  const freeSeats = state.seats.filter((s) => s.player === 'human' && !s.taken);
  // The chat, for a seat when another seat is a person's.
  const showChat = typeof state.viewer === 'number' && state.seats.some((s) => s.player === 'human' && s.seat !== state.viewer);
  const yourTurn = legal.length > 0;
  return (
    <main
      class="table-page"
      data-table={table}
      data-status={state.status}
      data-viewer={String(state.viewer)}
      data-actions={state.actions}
      data-log={snapshot.log.length}
      data-your-turn={yourTurn ? 'yes' : 'no'}
      data-waiting={snapshot.waiting ? 'yes' : 'no'}
    >
      <header class="table-head">
        <a href="#/" class="back">
          ← Lobby
        </a>
        <h1>{title ?? state.view.game}</h1>
        <span class="table-id">table {table}</span>
        {state.view?.game && rulesOf(state.view.game) ? (
          <button type="button" class="secondary" onClick={() => setRulesOpen(true)} data-open-rules>
            How to play
          </button>
        ) : null}
        <span class={`conn ${snapshot.connection}`} role="status">
          {snapshot.connection === 'open' ? (local ? 'on this device' : 'connected') : snapshot.connection}
        </span>
      </header>
      <p class={`phase${yourTurn ? ' your-turn' : ''}`} role="status" data-phase>
        {yourTurn ? <span aria-hidden="true">▶ </span> : null}
        {state.status === 'waiting'
          ? `Waiting for ${freeSeats.length === 1 ? 'a player' : `${freeSeats.length} players`} to take ${freeSeats.length === 1 ? 'the free seat' : 'the free seats'}: share the join links below.`
          : ui.phase(state.view, who)}
        {state.viewer === 'spectator' ? ' (you are watching)' : ''}
      </p>
      {last ? (
        <p class="last-move-line">
          <LastMove last={last} who={who} />
        </p>
      ) : null}
      {showChat ? <ChatNotice lines={snapshot.chat} seen={chatSeen} who={who} /> : null}
      {snapshot.error ? (
        <p class="error" role="alert">
          {snapshot.error}
        </p>
      ) : null}
      {state.view?.game ? <RulesDialog game={state.view.game} open={rulesOpen} onClose={() => setRulesOpen(false)} /> : null}
      <div class="table-layout">
        <section class={`board-wrap${yourTurn ? ' your-turn' : ''}`} aria-label="board" tabindex={0}>
          <ui.Board {...board} />
        </section>
        <aside class="side">
          {typeof state.viewer === 'number' && state.status === 'playing' && state.view?.game ? (
            <Guide game={state.view.game} table={table} view={state.view} last={last} who={who} yourTurn={yourTurn} />
          ) : null}
          {state.status === 'playing' && typeof state.viewer === 'number' ? (
            <section class="your-move" aria-label="your move">
              <h2>{yourTurn ? 'Your move' : state.to_act.length ? `Waiting for ${who.list(state.to_act)}` : 'Waiting'}</h2>
              {onlyAgentsBeside(state) ? <CoachBar snapshot={snapshot} yourTurn={yourTurn} onHint={() => connection.current?.hint()} onTakeBack={() => connection.current?.takeBack()} /> : null}
              {yourTurn && warned ? (
                <div class="warning" role="alert" data-warning>
                  <p>⚠ {warned.text}</p>
                  <div class="choice-buttons">
                    <button type="button" onClick={() => act(warned.action, true)} data-confirm-warning>
                      {labelOf(legal.find((l) => l.text === warned.action) ?? { text: warned.action, structured: { kind: '' } })} anyway
                    </button>
                    <button type="button" class="secondary" onClick={() => setWarned(null)} data-cancel-warning>
                      Choose again
                    </button>
                  </div>
                </div>
              ) : yourTurn ? (
                <Choices
                  actions={actions}
                  picked={picked}
                  waiting={snapshot.waiting}
                  rates={board.hints ?? null}
                  labelOf={labelOf}
                  steps={steps}
                  onAct={act}
                  onStep={(key) => onPick(key)}
                  onClear={() => setPicked([])}
                />
              ) : (
                <p class="hint">Your choices appear here (and light up on the board) when it is your turn.</p>
              )}
            </section>
          ) : null}
          <Result state={state} who={who} table={table} local={local} onRematch={doRematch} busy={rematch.busy} />
          {rematch.error ? <p class="error">{rematch.error}</p> : null}
          <Seats state={state} ui={ui} table={table} />
          {freeSeats.length > 0 && state.status !== 'finished' && !local ? (
            <section class="invite" aria-label="join links">
              <h2>Invite</h2>
              <ul>
                {freeSeats.map((s) => (
                  <li key={s.seat}>
                    P{s.seat}: <CopyLink link={joinLink(location.origin, table, s.seat)} label={`join link for P${s.seat}`} data={`join-${s.seat}`} />
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          {showChat ? <Chat lines={snapshot.chat} error={snapshot.chatError} who={who} onSend={(t) => connection.current?.chat(t)} onSeen={(n) => setChatSeen((seen) => Math.max(seen, n))} /> : null}
          <MoveLog log={snapshot.log} who={who} />
          {typeof state.viewer === 'number' && state.status !== 'finished' ? (
            <button type="button" class="secondary" onClick={() => connection.current?.leave()}>
              Give up my seat
            </button>
          ) : null}
        </aside>
      </div>
    </main>
  );
}
