// The HTTP API's functions (api.ts) answered by the engine's worker, for the tables on this
// device: the same replies, the same errors (ApiError with the code and message).
import type { AgentInfo, Api, GameInfo, ReviewReply, TableSummary } from '../api.ts';
import type { CreateReply, TablesReply } from '../generated/schemas.ts';
import type { LocalEngine } from './local_engine.ts';

export function localApi(engine: () => LocalEngine): Api {
  return {
    games: () => engine().rpc<GameInfo[]>('games'),
    agents: () => engine().rpc<AgentInfo[]>('agents'),
    tables: () => engine().rpc<TablesReply>('tables').then((r) => r.tables),
    table: (id) => engine().rpc<TableSummary>('table', { id }),
    create: (game, seats) => engine().rpc<CreateReply>('create', { game, seats }),
    // Nobody else plays here: giving up the seat of a game on this device closes the game.
    leave: (id) => engine().rpc<unknown>('remove', { id }),
    remove: (id) => engine().rpc<unknown>('remove', { id }),
    rematch: (id) => engine().rpc<TableSummary>('rematch', { id }),
    review: (id, viewer, step) => engine().rpc<ReviewReply>('review', { id, viewer, step }),
  };
}
