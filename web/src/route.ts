// The page's place, kept in the URL's hash so that every link works from the server's `/`:
//   #/                 the lobby
//   #/t/ID             a table: the seat this browser holds there, else watch it
//   #/t/ID/seat/N      take seat N of table ID (the join link), or play it if it is ours
//   #/t/ID/watch       spectate table ID
//   #/rules/GAME       how to play GAME
//   #/review/ID        step through the finished table ID (the share link); optionally
//   #/review/ID/V/K    as viewer V (a seat number or "spectator") at step K
//   #/local/t/...      the same pages for a table on this device (local mode, docs/static.md):
//   #/local/review/... its worker's engine holds the table, not the server

export type Route =
  | { page: 'lobby' }
  | { page: 'rules'; game: string }
  | { page: 'table'; table: string; seat?: number; watch?: boolean; local?: boolean }
  | { page: 'review'; table: string; viewer?: number | 'spectator'; step?: number; local?: boolean };

const TABLE_ID = /^[0-9a-f]{1,32}$/;

export function parseRoute(hash: string): Route {
  const parts = hash.replace(/^#\/?/, '').split('/').filter(Boolean);
  if (parts[0] === 'local') {
    const route = parseRoute(`#/${parts.slice(1).join('/')}`);
    return route.page === 'table' || route.page === 'review' ? { ...route, local: true } : route;
  }
  if (parts[0] === 'rules' && parts[1] && /^[a-z_]{1,32}$/.test(parts[1])) return { page: 'rules', game: parts[1] };
  if (parts[0] === 'review' && parts[1] && TABLE_ID.test(parts[1])) return reviewRoute(parts[1], parts[2], parts[3]);
  if (parts[0] !== 't' || !parts[1] || !TABLE_ID.test(parts[1])) return { page: 'lobby' };
  const table = parts[1];
  if (parts[2] === 'seat' && parts[3] !== undefined && /^\d{1,2}$/.test(parts[3]))
    return { page: 'table', table, seat: Number(parts[3]) };
  if (parts[2] === 'watch') return { page: 'table', table, watch: true };
  return { page: 'table', table };
}

// A review's viewer and step, when the hash names them well (else they are left to the page).
function reviewRoute(table: string, viewer?: string, step?: string): Route {
  const route: Route = { page: 'review', table };
  if (viewer === 'spectator') route.viewer = 'spectator';
  else if (viewer !== undefined && /^\d{1,2}$/.test(viewer)) route.viewer = Number(viewer);
  if (route.viewer !== undefined && step !== undefined && /^\d{1,6}$/.test(step)) route.step = Number(step);
  return route;
}

export function routeHash(route: Route): string {
  if (route.page === 'lobby') return '#/';
  if ((route.page === 'table' || route.page === 'review') && route.local) return `#/local/${routeHash({ ...route, local: false }).slice(2)}`;
  if (route.page === 'rules') return `#/rules/${route.game}`;
  if (route.page === 'review')
    return route.viewer === undefined ? reviewHash(route.table) : `${reviewHash(route.table)}/${route.viewer}${route.step === undefined ? '' : `/${route.step}`}`;
  if (route.seat !== undefined) return `#/t/${route.table}/seat/${route.seat}`;
  if (route.watch) return `#/t/${route.table}/watch`;
  return `#/t/${route.table}`;
}

// The link a friend opens to take `seat` of `table`.
export function joinLink(origin: string, table: string, seat: number): string {
  return `${origin}/${routeHash({ page: 'table', table, seat })}`;
}

// The review of a finished table, and the link that opens it from anywhere (the share link).
export function reviewHash(table: string): string {
  return `#/review/${table}`;
}
export function reviewLink(origin: string, table: string): string {
  return `${origin}/${reviewHash(table)}`;
}
