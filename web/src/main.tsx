// Entry point: the router over the URL's hash (route.ts): the lobby, a rules page, one table or
// the review of a finished one, each at the server or on this device (local mode, backend.ts).
// The shared styles first: each game's styles (games/<game>/styles.css, imported with the game)
// come after them in the bundle and refine them.
import './styles.css';
import { render } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { detectSite, localBackend, serverBackend, type Site } from './backend.ts';
import { Lobby } from './lobby.tsx';
import { parseRoute } from './route.ts';
import { ReviewPage } from './review.tsx';
import { RulesPage } from './rules_page.tsx';
import { TablePage } from './table.tsx';

const server = serverBackend(localStorage);
// The engine's worker starts at the first call that needs it, not on every page.
const local = localBackend(localStorage);

function App(props: { site: Site }) {
  const { site } = props;
  const [hash, setHash] = useState(location.hash);
  useEffect(() => {
    const onChange = () => setHash(location.hash);
    addEventListener('hashchange', onChange);
    return () => removeEventListener('hashchange', onChange);
  }, []);
  const route = parseRoute(hash);
  if (route.page === 'lobby') return <Lobby server={site.server ? server : null} local={site.local ? local : null} />;
  if (route.page === 'rules') return <RulesPage game={route.game} />;
  // Without a server every table is on this device.
  const onDevice = route.local === true || !site.server;
  if (onDevice && !site.local)
    return (
      <main class="table-page">
        <p class="error" role="alert">
          This link is to a game on a device: this site plays only online tables.
        </p>
        <a href="#/">Back to the lobby</a>
      </main>
    );
  const backend = onDevice ? local : server;
  if (route.page === 'review')
    return <ReviewPage key={`${String(onDevice)}/${route.table}`} table={route.table} viewer={route.viewer} step={route.step} backend={backend} />;
  // A table without a seat in the link: the (lowest) seat this browser holds there, else watch.
  const held = backend.tokens.seats(route.table);
  const seat = route.seat ?? (route.watch ? undefined : held[0]);
  const want = seat !== undefined ? { seat } : ({ watch: true } as const);
  return <TablePage key={`${String(onDevice)}/${route.table}`} table={route.table} want={want} backend={backend} />;
}

void detectSite().then((site) => render(<App site={site} />, document.getElementById('app')!));
