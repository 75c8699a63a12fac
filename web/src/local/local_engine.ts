// The page's side of local mode: the engine's worker (engine_worker.ts) reached through RPCs with
// the HTTP API's replies, and a `LocalSocket` per table connection that speaks the WebSocket's
// messages, so TableConnection and the pages work as they do with the server.
import { ApiError } from '../api.ts';
import type { SocketLike } from '../connection.ts';
import type { FromWorker, ToWorker } from './protocol.ts';

export interface WorkerLike {
  postMessage(message: ToWorker): void;
  onmessage: ((ev: { data: FromWorker }) => void) | null;
}

export class LocalEngine {
  private nextRpc = 1;
  private nextSocket = 1;
  private readonly rpcs = new Map<number, { ok: (value: unknown) => void; fail: (e: ApiError) => void }>();
  private readonly sockets = new Map<number, LocalSocket>();
  private fatal: string | null = null;

  constructor(private readonly worker: WorkerLike) {
    worker.onmessage = (ev) => this.receive(ev.data);
  }

  // One call of the HTTP API's (games, agents, tables, table, create, remove, rematch, review).
  rpc<T>(call: string, fields: Record<string, unknown> = {}): Promise<T> {
    if (this.fatal !== null) return Promise.reject(new ApiError('no_engine', this.fatal));
    const rpc = this.nextRpc++;
    return new Promise<T>((ok, fail) => {
      this.rpcs.set(rpc, { ok: (v) => ok(v as T), fail });
      this.worker.postMessage({ ...fields, rpc, call });
    });
  }

  socket(): LocalSocket {
    const id = this.nextSocket++;
    const socket = new LocalSocket(id, (m) => this.worker.postMessage(m), () => this.sockets.delete(id));
    this.sockets.set(id, socket);
    if (this.fatal !== null) socket.closed();
    else this.worker.postMessage({ socket: id, open: true });
    return socket;
  }

  // Why the engine cannot run here, once the worker said so (else null).
  get failure(): string | null {
    return this.fatal;
  }

  // The worker died or could not start: every call waiting fails, every socket closes.
  fail(reason: string): void {
    if (this.fatal !== null) return;
    this.fatal = reason;
    for (const { fail } of this.rpcs.values()) fail(new ApiError('no_engine', reason));
    this.rpcs.clear();
    for (const s of [...this.sockets.values()]) s.closed();
  }

  private receive(m: FromWorker): void {
    if ('fatal' in m) return this.fail(m.fatal);
    if ('rpc' in m) {
      const waiting = this.rpcs.get(m.rpc);
      if (!waiting) return;
      this.rpcs.delete(m.rpc);
      if ('error' in m) waiting.fail(new ApiError(m.error.code, m.error.message));
      else waiting.ok(m.ok);
      return;
    }
    const socket = this.sockets.get(m.socket);
    if (!socket) return;
    if ('opened' in m) socket.opened();
    else if ('data' in m) socket.message(m.data);
    else socket.closed();
  }
}

// A table connection to the worker, as a WebSocket to the server would be: open, messages as
// text both ways, close.
export class LocalSocket implements SocketLike {
  onopen: ((ev: unknown) => void) | null = null;
  onclose: ((ev: unknown) => void) | null = null;
  onmessage: ((ev: { data: unknown }) => void) | null = null;
  private state: 'connecting' | 'open' | 'closed' = 'connecting';

  constructor(
    readonly id: number,
    private readonly post: (m: ToWorker) => void,
    private readonly dropped: () => void,
  ) {}

  send(data: string): void {
    if (this.state === 'open') this.post({ socket: this.id, data });
  }

  close(): void {
    if (this.state === 'closed') return;
    this.post({ socket: this.id, close: true });
    this.closed();
  }

  opened(): void {
    if (this.state !== 'connecting') return;
    this.state = 'open';
    this.onopen?.({});
  }

  message(data: string): void {
    if (this.state === 'open') this.onmessage?.({ data });
  }

  closed(): void {
    if (this.state === 'closed') return;
    this.state = 'closed';
    this.dropped();
    // As a WebSocket's, the close event comes after the call that closed it.
    setTimeout(() => this.onclose?.({}), 0);
  }
}

let shared: LocalEngine | null = null;

// The page's one engine worker, started on first use. The engine's module is looked up beside the
// page (engine/savanna_web.js), so the site works under any path.
export function localEngine(): LocalEngine {
  if (shared) return shared;
  let worker: Worker;
  try {
    worker = new Worker(new URL('./engine_worker.ts', import.meta.url), { type: 'module', name: 'savanna-engine' });
  } catch (e) {
    // A page opened from a file, or a browser without module workers.
    shared = new LocalEngine({ postMessage: () => undefined, onmessage: null });
    shared.fail(`this browser cannot start the engine here (${e instanceof Error ? e.message : String(e)})`);
    return shared;
  }
  const engine = new LocalEngine(worker as unknown as WorkerLike);
  worker.addEventListener('error', (ev) => {
    ev.preventDefault();
    engine.fail(`the engine's worker stopped (${ev.message || 'an error'})`);
  });
  worker.postMessage({ init: { engine: new URL('engine/savanna_web.js', document.baseURI).href } } satisfies ToWorker);
  shared = engine;
  return engine;
}
