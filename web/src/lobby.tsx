// The lobby: choose a game, its player count and variant, what sits in each seat (a person or
// an AI of some strength); create the table; see the open tables, join a free seat or watch.
import type { JSX } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { api, ApiError, type GameInfo, type TableSummary } from './api.ts';
import { hasBoard, rulesOf } from './games/index.ts';
import { SeatBadge } from './palette.tsx';
import { routeHash } from './route.ts';
import { RulesLinks } from './rules_page.tsx';
import { gameSpec, SEAT_CHOICES, seatSpec, settableParams, type ParamValue } from './spec.ts';
import { seatLabel } from './seats.tsx';
import type { TokenStore } from './tokens.ts';

function ParamField(props: {
  name: string;
  game: GameInfo;
  value: ParamValue;
  onChange: (v: ParamValue) => void;
}): JSX.Element {
  const p = props.game.params[props.name];
  const id = `param-${props.name}`;
  let input: JSX.Element;
  if (p.type === 'choice' && p.choices) {
    input = (
      <select id={id} value={String(props.value)} onChange={(e) => props.onChange((e.target as HTMLSelectElement).value)}>
        {p.choices.map((c) => (
          <option key={c} value={c}>
            {c}
          </option>
        ))}
      </select>
    );
  } else if (p.type === 'bool') {
    input = <input id={id} type="checkbox" checked={Boolean(props.value)} onChange={(e) => props.onChange((e.target as HTMLInputElement).checked)} />;
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
      />
    );
  }
  return (
    <div class="field">
      <label for={id}>{props.name}</label>
      {input}
      <small>{p.description}</small>
    </div>
  );
}

function CreateForm(props: { games: GameInfo[]; tokens: TokenStore }): JSX.Element {
  const { games, tokens } = props;
  const [gameName, setGameName] = useState(games[0]?.name ?? '');
  const game = games.find((g) => g.name === gameName) ?? games[0];
  const [players, setPlayers] = useState(2);
  const [values, setValues] = useState<Record<string, ParamValue>>({});
  const [seats, setSeats] = useState<string[]>(['human', 'random', 'random', 'random', 'random', 'random', 'random']);
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

  const create = async (e: Event) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    tokens.name = name;
    try {
      const table = await api.create(spec, seatSpecs);
      const mine = seatSpecs.indexOf('human');
      location.hash = routeHash({ page: 'table', table: table.id, ...(mine >= 0 ? { seat: mine } : { watch: true }) });
    } catch (err) {
      setError(err instanceof ApiError ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form class="create" onSubmit={create} aria-label="new table">
      <h2>New table</h2>
      <div class="field">
        <label for="game">Game</label>
        <select id="game" value={game.name} onChange={(e) => chooseGame((e.target as HTMLSelectElement).value)}>
          {games.map((g) => (
            <option key={g.name} value={g.name}>
              {g.title}
              {hasBoard(g.name) ? '' : ' (choices only)'}
            </option>
          ))}
        </select>
        {rulesOf(game.name) ? (
          <small>
            <a href={routeHash({ page: 'rules', game: game.name })} data-rules-for={game.name}>
              How to play {game.title}
            </a>
          </small>
        ) : null}
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
          {game.min_players}–{game.max_players}
        </small>
      </div>
      {params.map(([n]) => (
        <ParamField key={`${game.name}-${n}`} name={n} game={game} value={valueOf(n)} onChange={(v) => setValues({ ...values, [n]: v })} />
      ))}
      <fieldset class="seat-choices">
        <legend>Seats</legend>
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
                  {c.label}
                </option>
              ))}
            </select>
          </div>
        ))}
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
      <p class="spec">
        <code>{spec}</code>
      </p>
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

function OpenTables(props: { tables: TableSummary[]; tokens: TokenStore }): JSX.Element {
  const { tables, tokens } = props;
  if (tables.length === 0) return <p>No table is being played now.</p>;
  return (
    <table class="open-tables">
      <thead>
        <tr>
          <th scope="col">Game</th>
          <th scope="col">Status</th>
          <th scope="col">Seats</th>
          <th scope="col">
            <span class="sr-only">Actions</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {tables.map((t) => {
          const mine = tokens.seats(t.id);
          return (
            <tr key={t.id} data-table-row={t.id}>
              <td>
                {t.title}
                <br />
                <small>
                  <code>{t.game}</code>
                </small>
              </td>
              <td>{t.status}</td>
              <td>
                <ul class="seat-list">
                  {t.seats.map((s) => (
                    <li key={s.seat}>
                      <SeatBadge seat={s.seat} /> P{s.seat} {seatLabel(s)}{' '}
                      {mine.includes(s.seat) ? (
                        <a href={routeHash({ page: 'table', table: t.id, seat: s.seat })}>play (yours)</a>
                      ) : s.player === 'human' && !s.taken ? (
                        <a href={routeHash({ page: 'table', table: t.id, seat: s.seat })} data-join={`${t.id}/${s.seat}`}>
                          join
                        </a>
                      ) : null}
                    </li>
                  ))}
                </ul>
              </td>
              <td>
                <a href={routeHash({ page: 'table', table: t.id, watch: true })} data-watch={t.id}>
                  watch
                </a>
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

export function Lobby(props: { tokens: TokenStore }): JSX.Element {
  const [games, setGames] = useState<GameInfo[] | null>(null);
  const [tables, setTables] = useState<TableSummary[]>([]);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    api.games().then(setGames, (e: Error) => setError(e.message));
    let stop = false;
    const refresh = () =>
      api.tables().then(
        (t) => !stop && setTables(t),
        () => undefined,
      );
    refresh();
    const timer = setInterval(refresh, 3000);
    return () => {
      stop = true;
      clearInterval(timer);
    };
  }, []);
  return (
    <main class="lobby">
      <header>
        <h1>Savanna</h1>
        <p>Five African-themed tabletop games: play against AI seats or with friends.</p>
        <RulesLinks />
      </header>
      {error ? (
        <p class="error" role="alert">
          {error}
        </p>
      ) : null}
      <div class="lobby-layout">
        {games ? <CreateForm games={games} tokens={props.tokens} /> : <p role="status">Loading the games…</p>}
        <section aria-label="open tables" class="tables">
          <h2>Tables</h2>
          <OpenTables tables={tables} tokens={props.tokens} />
        </section>
      </div>
    </main>
  );
}
