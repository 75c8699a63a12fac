// The page's side of local mode (src/local/local_engine.ts, local_api.ts) against a scripted
// worker: RPCs get the replies and errors of the HTTP API, a LocalSocket behaves as a WebSocket
// (open, text both ways, close), TableConnection plays over it, and an engine that cannot start
// fails every call and socket with its reason.
import { describe, expect, test } from 'vitest';
import { ApiError } from '../../src/api.ts';
import { TableConnection, type Snapshot } from '../../src/connection.ts';
import { localApi } from '../../src/local/local_api.ts';
import { LocalEngine, type WorkerLike } from '../../src/local/local_engine.ts';
import type { FromWorker, ToWorker } from '../../src/local/protocol.ts';
import { TokenStore } from '../../src/tokens.ts';
import { memoryStorage } from './memory_storage.ts';

class FakeWorker implements WorkerLike {
  sent: ToWorker[] = [];
  onmessage: ((ev: { data: FromWorker }) => void) | null = null;
  postMessage(message: ToWorker) {
    this.sent.push(message);
  }
  answer(message: FromWorker) {
    this.onmessage?.({ data: message });
  }
}

const tick = () => new Promise((ok) => setTimeout(ok, 0));

describe('the local engine on the page', () => {
  test('API calls are RPCs with the HTTP API replies and errors', async () => {
    const worker = new FakeWorker();
    const api = localApi(() => engine);
    const engine = new LocalEngine(worker);
    const tables = api.tables();
    const table = api.table('abc');
    const review = api.review('abc', 'spectator', 3);
    expect(worker.sent).toEqual([
      { rpc: 1, call: 'tables' },
      { rpc: 2, call: 'table', id: 'abc' },
      { rpc: 3, call: 'review', id: 'abc', viewer: 'spectator', step: 3 },
    ]);
    worker.answer({ rpc: 2, error: { code: 'unknown_table', message: 'no table abc' } });
    worker.answer({ rpc: 1, ok: { tables: [{ id: 'x' }] } });
    await expect(tables).resolves.toEqual([{ id: 'x' }]);
    await expect(table).rejects.toEqual(new ApiError('unknown_table', 'no table abc'));
    await expect(table).rejects.toBeInstanceOf(ApiError);
    // The engine fails: what waits fails with the reason, and so does every later call.
    worker.answer({ fatal: 'the engine could not be loaded (404)' });
    await expect(review).rejects.toMatchObject({ code: 'no_engine', message: 'the engine could not be loaded (404)' });
    await expect(api.games()).rejects.toMatchObject({ code: 'no_engine' });
    expect(worker.sent.length).toBe(3);
  });

  test('a table connection plays over a local socket', async () => {
    const worker = new FakeWorker();
    const engine = new LocalEngine(worker);
    const tokens = new TokenStore(memoryStorage(), 'savanna.local');
    const snapshots: Snapshot[] = [];
    const c = new TableConnection('abc', { seat: 0 }, tokens, (s) => snapshots.push(s), () => engine.socket(), () => 'Ada');
    expect(worker.sent).toEqual([{ socket: 1, open: true }]);
    worker.answer({ socket: 1, opened: true });
    expect(worker.sent[1]).toEqual({ socket: 1, data: JSON.stringify({ type: 'join', table: 'abc', seat: 0, name: 'Ada', id: 1 }) });
    worker.answer({ socket: 1, data: JSON.stringify({ type: 'joined', table: 'abc', seat: 0, token: 'tok' }) });
    expect(tokens.get('abc', 0)).toBe('tok');
    const state = { type: 'state', table: 'abc', viewer: 0, status: 'playing', actions: 0, to_act: [0], seats: [], view: {}, log: [], result: null, legal: ['a'] };
    worker.answer({ socket: 1, data: JSON.stringify(state) });
    expect(c.current.state?.legal).toEqual(['a']);
    c.act('a');
    expect(worker.sent[2]).toEqual({ socket: 1, data: JSON.stringify({ type: 'act', action: 'a', id: 2 }) });
    // Messages for another socket are not this one's.
    worker.answer({ socket: 9, data: JSON.stringify({ type: 'error', code: 'x', message: 'not mine' }) });
    expect(c.current.error).toBeNull();
    // The worker closes the socket: the connection comes back on a new one and rejoins.
    worker.answer({ socket: 1, closed: true });
    await tick();
    expect(c.current.connection).toBe('reconnecting');
    await new Promise((ok) => setTimeout(ok, 550));
    expect(worker.sent.at(-1)).toEqual({ socket: 2, open: true });
    worker.answer({ socket: 2, opened: true });
    expect(worker.sent.at(-1)).toEqual({ socket: 2, data: JSON.stringify({ type: 'rejoin', table: 'abc', token: 'tok', id: 3 }) });
    c.close();
    expect(worker.sent.at(-1)).toEqual({ socket: 2, close: true });
  });

  test('a socket opened after the engine failed closes at once', async () => {
    const worker = new FakeWorker();
    const engine = new LocalEngine(worker);
    engine.fail('no WebAssembly here');
    const socket = engine.socket();
    let closed = false;
    socket.onclose = () => (closed = true);
    await tick();
    expect(closed).toBe(true);
    expect(worker.sent).toEqual([]);
    expect(engine.failure).toBe('no WebAssembly here');
  });
});
