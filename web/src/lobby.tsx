// The lobby: choose a game (described in a sentence), its player count and options (in words,
// the defaults said), what sits in each seat (a person, or an AI level described with its
// thinking time); create the table. "Your games" lists the tables this browser holds a seat at,
// to resume or close; the tables list shows the tables one can join or watch now (a table no
// person is at any more is left out). Where the engine is built beside the UI (the static site,
// docs/static.md) the lobby also offers play on this device, against AI seats, with the games
// kept in this browser; on a static host with no server, only that.
import type { JSX } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { ApiError, type AgentInfo, type GameInfo, type TableSummary } from './api.ts';
import type { Backend } from './backend.ts';
import type { TokenStore } from './tokens.ts';
import { hasBoard, optionWords, rulesOf } from './games/index.ts';
import { SeatBadge } from './palette.tsx';
import { routeHash } from './route.ts';
import { RulesLinks } from './rules_page.tsx';
import { DEFAULT_OPPONENT, gameSpec, SEAT_CHOICES, seatSpec, settableParams, tableWords, thinkingTime, type OptionWords, type ParamValue } from './spec.ts';
import { seatLabel } from './seats.tsx';

// "animals" -> "Animals" for a game without words of its own.
function humanised(name: string): string {
  const words = name.replace(/_/g, ' ');
  return words[0].toUpperCase() + words.slice(1);
}

// A parameter's value in words: the game's own words for a choice, else the value.
function valueWords(words: OptionWords | undefined, value: ParamValue): string {
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  return words?.choices?.[String(value)] ?? String(value);
}

function ParamField(props: { name: string; game: GameInfo; value: ParamValue; onChange: (v: ParamValue) => void }): JSX.Element {
  const p = props.game.params[props.name];
  const words: OptionWords | undefined = optionWords(props.game.name)[props.name];
  const id = `param-${props.name}`;
  let input: JSX.Element;
  if (p.type === 'choice' && p.choices) {
    input = (
      <select id={id} value={String(props.value)} onChange={(e) => props.onChange((e.target as HTMLSelectElement).value)} aria-describedby={`${id}-help`}>
        {p.choices.map((c) => (
          <option key={c} value={c}>
            {valueWords(words, c)}
          </option>
        ))}
      </select>
    );
  } else if (p.type === 'bool') {
    input = <input id={id} type="checkbox" checked={Boolean(props.value)} onChange={(e) => props.onChange((e.target as HTMLInputElement).checked)} aria-describedby={`${id}-help`} />;
  } else {
    input = (
      <input
        id={id}
        type="number"
        min={p.min}
        max={p.max}
        step={p.type === 'double' ? 'any' : 1}
        value={String(props.value)}
        onInput={(e) => props.onChange(Number((e.target as HTMLInputElement).value))}
        aria-describedby={`${id}-help`}
      />
    );
  }
  // What it does (the game's words, else the server's description), and the default in words.
  const help = words ? words.help : p.description;
  const range = p.type === 'int' && p.min !== undefined && p.max !== undefined ? ` (${p.min}–${p.max})` : '';
  return (
    <div class="field">
      <label for={id}>{words?.label ?? humanised(props.name)}</label>
      {input}
      <small id={`${id}-help`} data-param-help={props.name}>
        {help ? `${help} ` : ''}Default: {valueWords(words, p.default)}
        {range}.
      </small>
    </div>
  );
}

// The seat choices with each AI level's thinking time from the server (`GET /api/agents`).
function seatOption(id: string, agents: AgentInfo[]): string {
  const choice = SEAT_CHOICES.find((c) => c.id === id)!;
  const time = thinkingTime(agents.find((a) => a.name === choice.spec));
  return time ? `${choice.label} (${time})` : choice.label;
}

function LevelsHelp(props: { agents: AgentInfo[] }): JSX.Element {
  return (
    <details class="levels-help">
      <summary>What the AI levels are</summary>
      <dl>
        {SEAT_CHOICES.map((c) => (
          <div key={c.id} data-level={c.id}>
            <dt>{seatOption(c.id, props.agents)}</dt>
            <dd>{c.words}.</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}

function CreateForm(props: { games: GameInfo[]; agents: AgentInfo[]; backend: Backend; where: JSX.Element | null }): JSX.Element {
  const { games } = props;
  const { api, tokens, local } = props.backend;
  const [gameName, setGameName] = useState(games[0]?.name ?? '');
  const game = games.find((g) => g.name === gameName) ?? games[0];
  const [players, setPlayers] = useState(2);
  const [values, setValues] = useState<Record<string, ParamValue>>({});
  const [seats, setSeats] = useState<string[]>(['human', ...Array<string>(6).fill(DEFAULT_OPPONENT)]);
  const [name, setName] = useState(tokens.name);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (!game) return <p>No games are registered on this server.</p>;

  const chooseGame = (n: string) => {
    const g = games.find((x) => x.name === n);
    setGameName(n);
    setValues({});
    if (g) setPlayers(Math.min(Math.max(players, g.min_players), g.max_players));
  };
  const params = settableParams(game);
  const valueOf = (n: string) => (n in values ? values[n] : game.params[n].default);
  const spec = gameSpec(game, players, Object.fromEntries(params.map(([n]) => [n, valueOf(n)])));
  const seatSpecs = seats.slice(0, players).map(seatSpec);
  const rules = rulesOf(game.name);

  const create = async (e: Event) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    tokens.name = name;
    if (local && seatSpecs.filter((s) => s === 'human').length > 1) {
      setError('On this device one person plays: choose “Person” for one seat at most, AI for the others.');
      setBusy(false);
      return;
    }
    try {
      const table = await api.create(spec, seatSpecs);
      tokens.setCreator(table.id, table.creator_token);
      const mine = seatSpecs.indexOf('human');
      location.hash = routeHash({ page: 'table', table: table.id, local, ...(mine >= 0 ? { seat: mine } : { watch: true }) });
    } catch (err) {
      setError(err instanceof ApiError ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form class="create" onSubmit={create} aria-label="new table" data-where={local ? 'local' : 'server'}>
      <h2>New table</h2>
      {props.where}
      <div class="field">
        <label for="game">Game</label>
        <select id="game" value={game.name} onChange={(e) => chooseGame((e.target as HTMLSelectElement).value)} aria-describedby="game-about">
          {games.map((g) => (
            <option key={g.name} value={g.name}>
              {g.title}
              {hasBoard(g.name) ? '' : ' (choices only)'}
            </option>
          ))}
        </select>
        <small id="game-about" data-game-about={game.name}>
          {rules ? `${rules.goal} ` : ''}
          {game.min_players}–{game.max_players} players.{' '}
          {rules ? (
            <a href={routeHash({ page: 'rules', game: game.name })} data-rules-for={game.name}>
              How to play {game.title}
            </a>
          ) : null}
        </small>
      </div>
      <div class="field">
        <label for="players">Players</label>
        <input
          id="players"
          type="number"
          min={game.min_players}
          max={game.max_players}
          value={players}
          onInput={(e) => {
            const n = Number((e.target as HTMLInputElement).value);
            if (Number.isInteger(n) && n >= game.min_players && n <= game.max_players) setPlayers(n);
          }}
        />
        <small>
          {game.min_players} to {game.max_players}, you included.
        </small>
      </div>
      {params.map(([n]) => (
        <ParamField key={`${game.name}-${n}`} name={n} game={game} value={valueOf(n)} onChange={(v) => setValues({ ...values, [n]: v })} />
      ))}
      <fieldset class="seat-choices">
        <legend>Who plays</legend>
        {Array.from({ length: players }, (_, i) => (
          <div class="field" key={i}>
            <label for={`seat-${i}`}>
              <SeatBadge seat={i} /> P{i}
            </label>
            <select
              id={`seat-${i}`}
              value={seats[i]}
              onChange={(e) => {
                const next = [...seats];
                next[i] = (e.target as HTMLSelectElement).value;
                setSeats(next);
              }}
            >
              {SEAT_CHOICES.map((c) => (
                <option key={c.id} value={c.id}>
                  {seatOption(c.id, props.agents)}
                </option>
              ))}
            </select>
          </div>
        ))}
        <LevelsHelp agents={props.agents} />
      </fieldset>
      <div class="field">
        <label for="name">Your name</label>
        <input
          id="name"
          maxLength={40}
          value={name}
          onInput={(e) => {
            const value = (e.target as HTMLInputElement).value;
            setName(value);
            tokens.name = value;
          }}
          placeholder="optional"
        />
      </div>
      <button type="submit" disabled={busy} data-create>
        Create table
      </button>
      {error ? (
        <p class="error" role="alert">
          {error}
        </p>
      ) : null}
    </form>
  );
}

// A table's seats in words, for a list: "P0 Ada, P1 AI medium, P2 free".
function SeatList(props: { table: TableSummary; mine: number[]; join: boolean }): JSX.Element {
  const t = props.table;
  return (
    <ul class="seat-list">
      {t.seats.map((s) => (
        <li key={s.seat}>
          <SeatBadge seat={s.seat} /> P{s.seat} {props.mine.includes(s.seat) ? 'you' : seatLabel(s)}
          {props.join && s.player === 'human' && !s.taken ? (
            <>
              {' '}
              <a href={routeHash({ page: 'table', table: t.id, seat: s.seat })} data-join={`${t.id}/${s.seat}`}>
                join
              </a>
            </>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

// Where a table stands, for a person holding `mine` of its seats.
function standing(t: TableSummary, mine: number[]): string {
  if (t.status === 'finished') return 'finished';
  if (t.status === 'waiting') return 'waiting for players';
  if (t.to_act.some((s) => mine.includes(s))) return 'your turn';
  return 'playing';
}

// Whether anyone can still be met at a table: it waits for players, or a person is connected.
// A table whose people have all gone (closed their page long ago, or given their seats up) is
// left out of the public list; its players still find it under "Your games".
export function isLive(t: TableSummary): boolean {
  return t.status === 'waiting' || t.seats.some((s) => s.player === 'human' && s.taken && s.connected);
}

// The tables this browser holds a seat at: resume, or close (give the seats up; a table nobody
// has moved in is deleted with its creator token; a finished one is only forgotten here).
// The games on this device are all this browser's: the worker lists them (the newest 50), and
// closing one deletes it.
function YourGames(props: { backend: Backend; games: GameInfo[]; tick: number; onChange: () => void }): JSX.Element | null {
  const { api, tokens, local } = props.backend;
  const [summaries, setSummaries] = useState<TableSummary[]>([]);
  const [asking, setAsking] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    const ids = tokens.tables().slice(-20);
    const found = local
      ? api.tables().catch(
          (e: Error) => {
            // An engine that cannot start is said once, above the form.
            if (live && !(e instanceof ApiError && e.code === 'no_engine')) setError(`The games on this device cannot be read: ${e.message}`);
            return [];
          },
        )
      : Promise.all(
          ids.map((id) =>
            api.table(id).then(
              (t) => t,
              (e) => {
                // A table the server no longer has is forgotten.
                if (e instanceof ApiError && (e.code === 'unknown_table' || e.code === 'not_found')) tokens.forgetTable(id);
                return null;
              },
            ),
          ),
        );
    found.then((all) => live && setSummaries(all.filter((t): t is TableSummary => t !== null).sort((a, b) => b.created - a.created).slice(0, 50)));
    return () => {
      live = false;
    };
  }, [props.tick, props.backend]);
  if (error)
    return (
      <p class="error" role="alert">
        {error}
      </p>
    );
  if (!summaries.length) return null;
  const close = async (t: TableSummary) => {
    setAsking(null);
    const creator = tokens.creator(t.id);
    try {
      if (local) await api.remove(t.id, '');
      else if (t.status !== 'finished' && t.actions === 0 && creator) await api.remove(t.id, creator);
      else if (t.status !== 'finished') for (const seat of tokens.seats(t.id)) await api.leave(t.id, tokens.get(t.id, seat)!);
    } catch {
      // Gone, given up before, or already started: the seats are forgotten here all the same.
    }
    tokens.forgetTable(t.id);
    setSummaries(summaries.filter((s) => s.id !== t.id));
    props.onChange();
  };
  return (
    <section aria-label={local ? 'games on this device' : 'your games'} class="tables your-games">
      <h2>{local ? 'Games on this device' : 'Your games'}</h2>
      <table class="open-tables">
        <thead>
          <tr>
            <th scope="col">Game</th>
            <th scope="col">Seats</th>
            <th scope="col">
              <span class="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {summaries.map((t) => {
            const held = tokens.seats(t.id);
            // On this device the person's seat is the table's human one, token or not.
            const mine = held.length || !local ? held : t.seats.filter((s) => s.player === 'human').map((s) => s.seat);
            const state = standing(t, mine);
            return (
              <tr key={t.id} data-your-table={t.id} data-standing={state} data-where={local ? 'local' : 'server'}>
                <td>
                  <strong>{t.title}</strong>
                  <br />
                  <small>{tableWords(t.game, props.games.find((g) => g.name === t.name), optionWords(t.name))}</small>
                  <br />
                  <span class={`standing ${state.replace(/ /g, '-')}`}>{state}</span>
                </td>
                <td>
                  <SeatList table={t} mine={mine} join={false} />
                </td>
                <td class="actions">
                  <a class="button-link" href={routeHash({ page: 'table', table: t.id, local, ...(mine.length ? { seat: mine[0] } : { watch: true }) })} data-resume={t.id}>
                    {t.status === 'finished' ? 'Open' : 'Resume'}
                  </a>{' '}
                  {asking === t.id ? (
                    <span class="confirm">
                      {local ? 'Delete this game from this device?' : t.status === 'finished' ? 'Remove from your games?' : 'Give up your seat?'}{' '}
                      <button type="button" onClick={() => close(t)} data-close-confirm={t.id}>
                        Yes, close
                      </button>{' '}
                      <button type="button" class="secondary" onClick={() => setAsking(null)}>
                        Keep
                      </button>
                    </span>
                  ) : (
                    <button type="button" class="secondary" onClick={() => setAsking(t.id)} data-close={t.id}>
                      Close
                    </button>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}

function OpenTables(props: { tables: TableSummary[]; games: GameInfo[]; tokens: TokenStore }): JSX.Element {
  const { tokens } = props;
  const tables = props.tables.filter((t) => isLive(t) && tokens.seats(t.id).length === 0);
  if (tables.length === 0) return <p>No table is open to join or watch now: create one.</p>;
  return (
    <table class="open-tables">
      <thead>
        <tr>
          <th scope="col">Game</th>
          <th scope="col">Seats</th>
          <th scope="col">
            <span class="sr-only">Actions</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {tables.map((t) => (
          <tr key={t.id} data-table-row={t.id}>
            <td>
              <strong>{t.title}</strong>
              <br />
              <small>{tableWords(t.game, props.games.find((g) => g.name === t.name), optionWords(t.name))}</small>
              <br />
              {t.status === 'waiting' ? 'waiting for players' : 'playing'}
            </td>
            <td>
              <SeatList table={t} mine={[]} join />
            </td>
            <td>
              <a href={routeHash({ page: 'table', table: t.id, watch: true })} data-watch={t.id}>
                watch
              </a>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

type Where = 'server' | 'local';
const WHERE_KEY = 'savanna.where';

// Where a new table is made, when both are offered: online at the server, or on this device.
function WhereChoice(props: { where: Where; onChange: (w: Where) => void }): JSX.Element {
  const choice = (where: Where, label: string, words: string) => (
    <label class="where-choice">
      <input type="radio" name="where" value={where} checked={props.where === where} onChange={() => props.onChange(where)} data-where-choice={where} />{' '}
      <strong>{label}</strong> <small>{words}</small>
    </label>
  );
  return (
    <fieldset class="where">
      <legend>Where to play</legend>
      {choice('server', 'Online', 'at this server: with friends, or against AI seats the server runs')}
      {choice('local', 'On this device', 'against AI seats that think in this browser; the game stays here and plays offline')}
    </fieldset>
  );
}

export function Lobby(props: { server: Backend | null; local: Backend | null }): JSX.Element {
  const { server, local } = props;
  const [where, setWhere] = useState<Where>(() => (!server ? 'local' : !local ? 'server' : localStorage.getItem(WHERE_KEY) === 'local' ? 'local' : 'server'));
  const backend = (where === 'local' ? local : server) ?? server ?? local!;
  const [games, setGames] = useState<GameInfo[] | null>(null);
  const [agents, setAgents] = useState<AgentInfo[]>([]);
  const [tables, setTables] = useState<TableSummary[]>([]);
  const [tick, setTick] = useState(0);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let stop = false;
    setGames(null);
    setError(null);
    backend.api.games().then(
      (g) => !stop && setGames(g),
      (e: Error) => !stop && setError(backend.local ? `This device cannot play here: ${e.message}` : e.message),
    );
    // Without the agents the levels are offered without their thinking time.
    backend.api.agents().then(
      (a) => !stop && setAgents(a),
      () => undefined,
    );
    return () => {
      stop = true;
    };
  }, [backend]);
  useEffect(() => {
    if (!server) return;
    let stop = false;
    const refresh = () =>
      server.api.tables().then(
        (t) => !stop && setTables(t),
        () => undefined,
      );
    refresh();
    const timer = setInterval(refresh, 3000);
    return () => {
      stop = true;
      clearInterval(timer);
    };
  }, [server]);
  // Where the server is the default, the engine is not loaded for a person who never played on
  // the device (it is a download of its own).
  const showLocal = local && (!server || where === 'local' || local.tokens.tables().length > 0);
  const choose = (w: Where) => {
    localStorage.setItem(WHERE_KEY, w);
    setWhere(w);
  };
  return (
    <main class="lobby" data-offers={[server ? 'server' : '', local ? 'local' : ''].filter(Boolean).join(' ')}>
      <header>
        <h1>Savanna</h1>
        <p>{server ? 'Five African-themed tabletop games: play against AI seats or with friends.' : 'Five African-themed tabletop games: play against AI seats, right here in your browser. Your games stay on this device.'}</p>
        <RulesLinks />
      </header>
      {error ? (
        <p class="error" role="alert">
          {error}
        </p>
      ) : null}
      <div class="lobby-layout">
        {games ? (
          <CreateForm key={where} games={games} agents={agents} backend={backend} where={server && local ? <WhereChoice where={where} onChange={choose} /> : null} />
        ) : error && server && local ? (
          // The other place stays one click away.
          <div class="create">
            <WhereChoice where={where} onChange={choose} />
          </div>
        ) : error ? null : (
          <p role="status">Loading the games…</p>
        )}
        <div class="lobby-lists">
          {showLocal ? <YourGames backend={local} games={games ?? []} tick={tick} onChange={() => setTick(tick + 1)} /> : null}
          {server ? (
            <>
              <YourGames backend={server} games={games ?? []} tick={tick} onChange={() => setTick(tick + 1)} />
              <section aria-label="open tables" class="tables">
                <h2>Tables to join or watch</h2>
                <OpenTables tables={tables} games={games ?? []} tokens={server.tokens} />
              </section>
            </>
          ) : null}
        </div>
      </div>
    </main>
  );
}
