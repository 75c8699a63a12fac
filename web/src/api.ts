// The server's HTTP API (docs/protocol.md) as typed functions, and the message types of the
// WebSocket. The UI learns everything from these: it never computes rules of its own.

// The protocol's types are generated from the repository's JSON Schemas (schemas/*.json) by
// scripts/gen_types.mjs, run before every type check: a field changed in a schema breaks the
// build wherever the UI uses it (docs/web.md, "Types from the schemas").
import type {
  AgentInfo,
  CreateReply,
  CreateRequest,
  ErrorMessage,
  GameInfo,
  ReviewReply,
  TableSummary,
  TablesReply,
} from './generated/schemas.ts';

export type {
  AgentInfo,
  ChatLine,
  ClientMessage,
  ErrorMessage,
  GameInfo,
  GameResult,
  LogEntry,
  ParamInfo,
  ReviewReply,
  SeatSummary,
  ServerMessage,
  StateMessage,
  StructuredAction,
  TableSummary,
  ViewHeader,
} from './generated/schemas.ts';

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
  let body: unknown;
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

function post<T>(path: string, body: CreateRequest | Record<string, string> | Record<string, never>, method = 'POST'): Promise<T> {
  return call<T>(path, {
    method,
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
}

export const api = {
  games: () => call<GameInfo[]>('/api/games'),
  agents: () => call<AgentInfo[]>('/api/agents'),
  tables: () => call<TablesReply>('/api/tables').then((r) => r.tables),
  table: (id: string) => call<TableSummary>(`/api/tables/${encodeURIComponent(id)}`),
  create: (game: string, seats: string[]) => post<CreateReply>('/api/tables', { game, seats }),
  // Gives a seat up (its token stops working).
  leave: (id: string, token: string) => post<unknown>(`/api/tables/${encodeURIComponent(id)}/leave`, { token }),
  // Deletes a table nobody has moved in, with its creator token.
  remove: (id: string, token: string) => post<unknown>(`/api/tables/${encodeURIComponent(id)}`, { token }, 'DELETE'),
  // The finished table's rematch: made by the first request, the same table for every later one.
  rematch: (id: string) => post<TableSummary>(`/api/tables/${encodeURIComponent(id)}/rematch`, {}),
  // A finished game replayed to `step` as `viewer` saw it (not_finished before its end).
  review: (id: string, viewer: number | 'spectator', step: number) =>
    call<ReviewReply>(`/api/tables/${encodeURIComponent(id)}/review?viewer=${viewer}&step=${step}`),
};

// The API's functions, as the server answers them or the engine's worker in local mode
// (local/local_api.ts).
export type Api = typeof api;
