// The engine's worker (src/local/host.ts) with a scripted engine and a store in memory: records
// are stored before the rest of an answer reaches the page and never reach it, the store's
// records go back to the engine at start, the engine thinks in slices while it says busy and the
// page's messages are handled between two slices, the seed is the worker's, and the page cannot
// call `restore`.
import { describe, expect, test } from 'vitest';
import { LocalHost } from '../../src/local/host.ts';
import type { EngineApi, FromWorker, RecordStore, StoredRecord } from '../../src/local/protocol.ts';

type Event = { kind: 'call'; request: Record<string, unknown>; text: string } | { kind: 'think'; ms: number } | { kind: 'post'; message: FromWorker } | { kind: 'stored'; ops: string[] };

// A scripted engine: answers each request with the outputs the test gives for it.
class ScriptedEngine implements EngineApi {
  // What the next calls and thinks answer (else an empty answer, not busy).
  // An answer is outputs, or the answer's text itself (to write numbers JavaScript cannot hold).
  calls: ((request: Record<string, unknown>) => unknown[] | string)[] = [];
  thinks: unknown[][] = [];
  constructor(private readonly events: Event[]) {}
  call(request: string): string {
    const parsed = JSON.parse(request) as Record<string, unknown>;
    this.events.push({ kind: 'call', request: parsed, text: request });
    const answer = this.calls.shift()?.(parsed) ?? [{ to: 'busy', busy: false }];
    return typeof answer === 'string' ? answer : JSON.stringify(answer);
  }
  think(ms: number): string {
    this.events.push({ kind: 'think', ms });
    return JSON.stringify(this.thinks.shift() ?? [{ to: 'busy', busy: false }]);
  }
}

class MemoryStore implements RecordStore {
  records = new Map<string, StoredRecord>();
  constructor(
    private readonly events: Event[],
    initial: StoredRecord[] = [],
  ) {
    for (const r of initial) this.records.set(r.table, r);
  }
  all() {
    return Promise.resolve([...this.records.values()]);
  }
  async apply(changes: ({ put: StoredRecord } | { remove: string })[]) {
    await new Promise((ok) => setTimeout(ok, 5)); // a write takes a while
    for (const c of changes) {
      if ('put' in c) this.records.set(c.put.table, c.put);
      else this.records.delete(c.remove);
    }
    this.events.push({ kind: 'stored', ops: changes.map((c) => ('put' in c ? `put ${c.put.table}` : `remove ${c.remove}`)) });
  }
}

function setup(initial: StoredRecord[] = []) {
  const events: Event[] = [];
  const engine = new ScriptedEngine(events);
  const store = new MemoryStore(events, initial);
  // The worker's message queue: a yield lets the test deliver messages before the next slice.
  const yields: (() => void)[] = [];
  const sleeps: { ms: number; wake: () => void }[] = [];
  const host = new LocalHost({
    engine,
    store,
    post: (message) => events.push({ kind: 'post', message }),
    yieldTask: () => new Promise<void>((ok) => yields.push(ok)),
    sleep: (ms) => new Promise<void>((wake) => sleeps.push({ ms, wake })),
    now: () => 1000,
    randomSeed: () => '18446744073709551557',
    log: () => undefined,
  });
  const resume = async () => {
    const y = yields.shift();
    expect(y).toBeDefined();
    y!();
    await new Promise((ok) => setTimeout(ok, 0));
    await host.idle();
  };
  return { events, engine, store, host, resume, yields, sleeps };
}

// A record as the engine writes it: its seed is beyond what a JavaScript number holds exactly.
const RECORD = '{"format":1,"game":"kariba","seed":18446744073709551557,"actions":[]}';

describe('the local host', () => {
  test('records are stored before the answer is posted, and never posted', async () => {
    const { events, engine, store, host } = setup();
    engine.calls.push((r) => `[{"to":"store","table":"abc","record":${RECORD}},{"to":"rpc","rpc":${String(r.rpc)},"ok":{"id":"abc","creator_token":"t"}},{"to":"busy","busy":false}]`);
    await host.receive({ rpc: 1, call: 'create', game: 'kariba', seats: ['human', 'medium'] });
    const kinds = events.map((e) => e.kind);
    expect(kinds).toEqual(['call', 'stored', 'post']);
    // The record is kept as the engine's text, its seed to the last digit.
    expect(store.records.get('abc')?.record).toBe(RECORD);
    expect(JSON.stringify(events.filter((e) => e.kind === 'post'))).not.toContain('seed');
    // The seed is the worker's (a decimal string), whatever the page sent.
    await host.receive({ rpc: 2, call: 'create', game: 'kariba', seats: ['human'], seed: 7 });
    const creates = events.filter((e) => e.kind === 'call').map((e) => (e as { request: Record<string, unknown> }).request);
    expect(creates.map((r) => r.seed)).toEqual(['18446744073709551557', '18446744073709551557']);
  });

  test('a forget removes the record; socket data and closes go to the page', async () => {
    const { events, engine, store, host } = setup([{ table: 'abc', record: RECORD }]);
    await host.start();
    engine.calls.push(() => [
      { to: 'forget', table: 'abc' },
      { to: 'socket', socket: 3, data: '{"type":"left"}' },
      { to: 'socket', socket: 3, close: true },
      { to: 'busy', busy: false },
    ]);
    await host.receive({ socket: 3, data: '{"type":"leave","id":1}' });
    expect(store.records.size).toBe(0);
    const posts = events.filter((e) => e.kind === 'post').map((e) => (e as { message: FromWorker }).message);
    expect(posts).toEqual([
      { socket: 3, data: '{"type":"left"}' },
      { socket: 3, closed: true },
    ]);
  });

  test('the stored records go back to the engine at start, and its answer stays in the worker', async () => {
    const { events, engine, host } = setup([{ table: 'abc', record: RECORD }]);
    engine.calls.push((r) => [{ to: 'rpc', rpc: r.rpc, ok: { restored: 1, refused: [] } }, { to: 'busy', busy: false }]);
    engine.calls.push((r) => [{ to: 'rpc', rpc: r.rpc, ok: { tables: [] } }, { to: 'busy', busy: false }]);
    // A message that comes while the records are read waits for them.
    const started = host.start();
    const later = host.receive({ rpc: 1, call: 'tables' });
    await started;
    await later;
    const calls = events.filter((e) => e.kind === 'call').map((e) => (e as { request: Record<string, unknown> }).request);
    expect(calls[0]).toMatchObject({ call: 'restore', records: [{ table: 'abc' }] });
    // The record goes back as it was written, its seed to the last digit.
    expect((events[0] as { text: string }).text).toBe(`{"rpc":-1,"call":"restore","records":[{"table":"abc","record":${RECORD}}]}`);
    expect(calls[1]).toMatchObject({ call: 'tables', rpc: 1 });
    expect(events.filter((e) => e.kind === 'post').map((e) => (e as { message: FromWorker }).message)).toEqual([{ rpc: 1, ok: { tables: [] } }]);
  });

  test('the page cannot restore, store or call what the API has not', async () => {
    const { events, host } = setup();
    await host.receive({ rpc: 4, call: 'restore', records: [{ table: 'x', record: '{}' }] });
    await host.receive({ rpc: 5, call: 'store' });
    expect(events.filter((e) => e.kind === 'call')).toEqual([]);
    const posts = events.map((e) => (e as { message: FromWorker }).message);
    expect(posts).toEqual([
      { rpc: 4, error: { code: 'bad_request', message: 'unknown call "restore"' } },
      { rpc: 5, error: { code: 'bad_request', message: 'unknown call "store"' } },
    ]);
  });

  test('while the engine is busy it thinks in slices, and messages are handled between them', async () => {
    const { events, engine, host, resume, yields } = setup();
    engine.calls.push(() => [
      { to: 'socket', socket: 1, data: '{"type":"ack"}' },
      { to: 'busy', busy: true },
    ]);
    engine.thinks.push([{ to: 'busy', busy: true }]);
    await host.receive({ socket: 1, data: '{"type":"act","action":"x","id":1}' });
    expect(yields.length).toBe(1); // a slice waits for the queue
    await resume();
    expect(events.filter((e) => e.kind === 'think').length).toBe(1);
    // A hint asked while the AI thinks is handled before the next slice.
    engine.calls.push(() => [{ to: 'busy', busy: true }]);
    await host.receive({ socket: 1, data: '{"type":"hint","id":2}' });
    engine.thinks.push([{ to: 'store', table: 'abc', record: { format: 1 } }, { to: 'socket', socket: 1, data: '{"type":"state"}' }, { to: 'busy', busy: false }]);
    await resume();
    const order = events.map((e) => (e.kind === 'call' ? `call ${String(JSON.parse(String(e.request.data)).type)}` : e.kind));
    expect(order).toEqual(['call act', 'post', 'think', 'call hint', 'think', 'stored', 'post']);
    expect((events.find((e) => e.kind === 'think') as { ms: number }).ms).toBe(25);
    // Not busy any more: no slice is waiting.
    expect(yields.length).toBe(0);
  });

  test('an engine that fails as a whole answers the RPC or the socket that asked', async () => {
    const { events, engine, host } = setup();
    const failure = () => [{ to: 'rpc', rpc: null, error: { code: 'internal', message: 'the engine failed: bad_alloc' } }, { to: 'busy', busy: false }];
    engine.calls.push(failure, failure);
    await host.receive({ rpc: 7, call: 'tables' });
    await host.receive({ socket: 2, data: '{"type":"act","action":"x","id":3}' });
    const posts = events.filter((e) => e.kind === 'post').map((e) => (e as { message: FromWorker }).message);
    expect(posts).toEqual([
      { rpc: 7, error: { code: 'internal', message: 'the engine failed: bad_alloc' } },
      { socket: 2, data: JSON.stringify({ type: 'error', code: 'internal', message: 'the engine failed: bad_alloc' }) },
    ]);
  });

  test('an AI that only waits for its time is woken after the wait, a hint at once', async () => {
    const { events, engine, host, yields, sleeps } = setup();
    engine.calls.push(() => [{ to: 'busy', busy: true, wait_ms: 180 }]);
    await host.receive({ socket: 1, data: '{"type":"act","action":"x","id":1}' });
    expect(yields.length).toBe(0);
    expect(sleeps.map((s) => s.ms)).toEqual([180]);
    // A hint meanwhile is thought at once, not after the wait.
    engine.calls.push(() => [{ to: 'busy', busy: true }]);
    await host.receive({ socket: 1, data: '{"type":"hint","id":2}' });
    expect(yields.length).toBe(1);
    engine.thinks.push([{ to: 'busy', busy: true, wait_ms: 100 }]);
    yields.shift()!();
    await new Promise((ok) => setTimeout(ok, 0));
    await host.idle();
    expect(events.filter((e) => e.kind === 'think').length).toBe(1);
    expect(sleeps.map((s) => s.ms)).toEqual([180, 100]);
    // The first wait ends: it was replaced, so nothing is thought for it.
    sleeps[0].wake();
    await new Promise((ok) => setTimeout(ok, 0));
    await host.idle();
    expect(events.filter((e) => e.kind === 'think').length).toBe(1);
    engine.thinks.push([{ to: 'socket', socket: 1, data: '{"type":"state"}' }, { to: 'busy', busy: false }]);
    sleeps[1].wake();
    await new Promise((ok) => setTimeout(ok, 0));
    await host.idle();
    expect(events.filter((e) => e.kind === 'think').length).toBe(2);
    expect(yields.length + sleeps.length).toBe(2); // nothing more is scheduled
  });

  test('a socket is told it is open once the engine has it', async () => {
    const { events, host } = setup();
    await host.receive({ socket: 2, open: true });
    expect(events.map((e) => e.kind)).toEqual(['call', 'post']);
    expect((events[1] as { message: FromWorker }).message).toEqual({ socket: 2, opened: true });
  });
});
