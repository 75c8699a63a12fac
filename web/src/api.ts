// The server's HTTP API (docs/protocol.md) as typed functions, and the message types of the
// WebSocket. The UI learns everything from these: it never computes rules of its own.

export interface ParamInfo {
  type: 'int' | 'choice' | 'bool' | 'string' | 'double';
  default: number | string | boolean;
  description: string;
  min?: number;
  max?: number;
  choices?: string[];
}

export interface GameInfo {
  name: string;
  title: string;
  min_players: number;
  max_players: number;
  params: Record<string, ParamInfo>;
}

export interface AgentInfo {
  name: string;
  description: string;
  params: Record<string, ParamInfo>;
}

export interface SeatSummary {
  seat: number;
  player: 'human' | 'agent';
  agent?: string;
  taken?: boolean;
  name?: string;
  connected?: boolean;
}

export interface TableSummary {
  id: string;
  game: string;
  name: string;
  title: string;
  status: 'waiting' | 'playing' | 'finished';
  actions: number;
  to_act: number[];
  created: number;
  seats: SeatSummary[];
  rematch?: string | null; // the id of this table's rematch, once one was made
}

export interface LogEntry {
  index: number;
  player: number;
  action: string;
}

export interface GameResult {
  scores: number[];
  returns: number[];
  winners: number[];
}

// What the server sends on the WebSocket.
export interface StateMessage {
  type: 'state';
  table: string;
  viewer: number | 'spectator';
  status: TableSummary['status'];
  actions: number;
  to_act: number[];
  seats: SeatSummary[];
  // The game's own view for this viewer: each game's module reads it (docs/rules/<game>.md).
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  view: any;
  legal?: string[];
  log: LogEntry[];
  result: GameResult | null;
  rematch?: string | null; // the id of the table's rematch, once someone asked for one
}

export interface ErrorMessage {
  type: 'error';
  code: string;
  message: string;
  id?: number | string | null;
}

export type ServerMessage =
  | StateMessage
  | ErrorMessage
  | { type: 'joined'; table: string; seat: number; token?: string; id?: unknown }
  | { type: 'spectating'; table: string; id?: unknown }
  | { type: 'ack'; index: number; id?: unknown }
  | { type: 'left'; table: string; seat: number; id?: unknown }
  | { type: 'pong'; id?: unknown };

// An error reply of the API, with the server's code and one-line message.
export class ApiError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

async function call<T>(path: string, init?: RequestInit): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, init);
  } catch {
    throw new ApiError('network', 'the server cannot be reached');
  }
  const text = await response.text();
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    throw new ApiError('bad_reply', `the server sent something that is not JSON (${path})`);
  }
  if (!response.ok) {
    const error = body as Partial<ErrorMessage> | null;
    throw new ApiError(error?.code ?? 'http_' + response.status, error?.message ?? response.statusText);
  }
  return body as T;
}

function post<T>(path: string, body: unknown): Promise<T> {
  return call<T>(path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
}

export const api = {
  games: () => call<GameInfo[]>('/api/games'),
  agents: () => call<AgentInfo[]>('/api/agents'),
  tables: () => call<{ tables: TableSummary[] }>('/api/tables').then((r) => r.tables),
  table: (id: string) => call<TableSummary>(`/api/tables/${encodeURIComponent(id)}`),
  create: (game: string, seats: string[]) => post<TableSummary>('/api/tables', { game, seats }),
  // The finished table's rematch: made by the first request, the same table for every later one.
  rematch: (id: string) => post<TableSummary>(`/api/tables/${encodeURIComponent(id)}/rematch`, {}),
};
