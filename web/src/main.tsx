// Entry point: the router over the URL's hash (route.ts): the lobby, a rules page, one table or
// the review of a finished one.
// The shared styles first: each game's styles (games/<game>/styles.css, imported with the game)
// come after them in the bundle and refine them.
import './styles.css';
import { render } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { Lobby } from './lobby.tsx';
import { parseRoute } from './route.ts';
import { ReviewPage } from './review.tsx';
import { RulesPage } from './rules_page.tsx';
import { TablePage } from './table.tsx';
import { TokenStore } from './tokens.ts';

const tokens = new TokenStore(localStorage);

function App() {
  const [hash, setHash] = useState(location.hash);
  useEffect(() => {
    const onChange = () => setHash(location.hash);
    addEventListener('hashchange', onChange);
    return () => removeEventListener('hashchange', onChange);
  }, []);
  const route = parseRoute(hash);
  if (route.page === 'lobby') return <Lobby tokens={tokens} />;
  if (route.page === 'rules') return <RulesPage game={route.game} />;
  if (route.page === 'review') return <ReviewPage key={route.table} table={route.table} viewer={route.viewer} step={route.step} tokens={tokens} />;
  // A table without a seat in the link: the (lowest) seat this browser holds there, else watch.
  const held = tokens.seats(route.table);
  const seat = route.seat ?? (route.watch ? undefined : held[0]);
  const want = seat !== undefined ? { seat } : ({ watch: true } as const);
  return <TablePage key={`${route.table}`} table={route.table} want={want} tokens={tokens} />;
}

render(<App />, document.getElementById('app')!);
