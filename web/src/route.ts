// The page's place, kept in the URL's hash so that every link works from the server's `/`:
//   #/                 the lobby
//   #/t/ID             a table: the seat this browser holds there, else watch it
//   #/t/ID/seat/N      take seat N of table ID (the join link), or play it if it is ours
//   #/t/ID/watch       spectate table ID
//   #/rules/GAME       how to play GAME

export type Route =
  | { page: 'lobby' }
  | { page: 'rules'; game: string }
  | { page: 'table'; table: string; seat?: number; watch?: boolean };

const TABLE_ID = /^[0-9a-f]{1,32}$/;

export function parseRoute(hash: string): Route {
  const parts = hash.replace(/^#\/?/, '').split('/').filter(Boolean);
  if (parts[0] === 'rules' && parts[1] && /^[a-z_]{1,32}$/.test(parts[1])) return { page: 'rules', game: parts[1] };
  if (parts[0] !== 't' || !parts[1] || !TABLE_ID.test(parts[1])) return { page: 'lobby' };
  const table = parts[1];
  if (parts[2] === 'seat' && parts[3] !== undefined && /^\d{1,2}$/.test(parts[3]))
    return { page: 'table', table, seat: Number(parts[3]) };
  if (parts[2] === 'watch') return { page: 'table', table, watch: true };
  return { page: 'table', table };
}

export function routeHash(route: Route): string {
  if (route.page === 'lobby') return '#/';
  if (route.page === 'rules') return `#/rules/${route.game}`;
  if (route.seat !== undefined) return `#/t/${route.table}/seat/${route.seat}`;
  if (route.watch) return `#/t/${route.table}/watch`;
  return `#/t/${route.table}`;
}

// The link a friend opens to take `seat` of `table`.
export function joinLink(origin: string, table: string, seat: number): string {
  return `${origin}/${routeHash({ page: 'table', table, seat })}`;
}
