// The worker's part of local mode, apart from the worker's own globals so that unit tests can run
// it with a scripted engine: every request goes to the engine's C API in the order it came; the
// records the engine hands out are written to the record store before anything else of the same
// answer reaches the page; while the engine has AI work pending it thinks in short slices, and
// between two slices the worker's message queue runs (an act, a hint, a new socket are handled
// while an AI thinks). The page receives RPC replies and server message texts, never a record.
import type { EngineApi, EngineOutput, FromWorker, RecordStore, StoredRecord, ToWorker } from './protocol.ts';
import { rawFields } from './raw_json.ts';

export interface HostOptions {
  engine: EngineApi;
  store: RecordStore;
  post: (message: FromWorker) => void;
  // Resolves after the worker's queued messages had their turn (a new task).
  yieldTask: () => Promise<void>;
  // Resolves after `ms` milliseconds (default setTimeout).
  sleep?: (ms: number) => Promise<void>;
  // Milliseconds since some fixed moment (default performance.now).
  now?: () => number;
  // A new table's seed: 64 random bits as a decimal string.
  randomSeed: () => string;
  sliceMs?: number; // the wall time of one thinking slice (default 25)
  log?: (text: string) => void; // what went wrong inside the worker (default console.error)
}

type Change = Parameters<RecordStore['apply']>[0][number];

// The internal RPC id of `restore` (the page's ids are positive).
const RESTORE_RPC = -1;
// Calls the page may make: the HTTP API's. `restore` is the worker's alone.
const PAGE_CALLS = new Set(['games', 'agents', 'tables', 'table', 'create', 'remove', 'rematch', 'review']);

export class LocalHost {
  private chain: Promise<void> = Promise.resolve();
  private busy = false;
  private waitMs = 0; // the engine's last wait_ms, while busy
  private thinkAt: number | null = null; // when the next slice is due, if one is scheduled
  private readonly log: (text: string) => void;

  constructor(private readonly options: HostOptions) {
    this.log = options.log ?? ((text) => console.error(`savanna engine worker: ${text}`));
  }

  // Gives the engine what the store holds. Call once, before the first message; messages received
  // meanwhile wait for it.
  start(): Promise<void> {
    return this.enqueue(async () => {
      let records: StoredRecord[] = [];
      try {
        records = await this.options.store.all();
      } catch (e) {
        this.log(`the stored games cannot be read: ${String(e)}`);
      }
      if (records.length === 0) return;
      // Each record goes back as the text the engine wrote (raw_json.ts).
      const entries = records.map((r) => `{"table":${JSON.stringify(r.table)},"record":${typeof r.record === 'string' ? r.record : JSON.stringify(r.record)}}`);
      await this.run(() => this.options.engine.call(`{"rpc":${RESTORE_RPC},"call":"restore","records":[${entries.join(',')}]}`));
    });
  }

  // A message of the page. Returns when it has been handled (tests wait for it; the worker does not).
  receive(message: ToWorker): Promise<void> {
    return this.enqueue(() => this.handle(message));
  }

  // Resolves once everything received so far has been handled (tests).
  idle(): Promise<void> {
    return this.chain;
  }

  private enqueue(work: () => Promise<void>): Promise<void> {
    this.chain = this.chain.then(work).catch((e: unknown) => this.log(String(e instanceof Error ? (e.stack ?? e.message) : e)));
    return this.chain;
  }

  private async handle(message: ToWorker): Promise<void> {
    if ('rpc' in message) {
      if (typeof message.rpc !== 'number' || !(message.rpc > 0) || typeof message.call !== 'string' || !PAGE_CALLS.has(message.call)) {
        const rpc = typeof message.rpc === 'number' ? message.rpc : 0;
        this.options.post({ rpc, error: { code: 'bad_request', message: `unknown call ${JSON.stringify(String(message.call)).slice(0, 40)}` } });
        return;
      }
      // The seed is the worker's to choose, never the page's (it decides the AI's hands).
      const request = message.call === 'create' ? { ...message, seed: this.options.randomSeed() } : message;
      await this.run(() => this.options.engine.call(JSON.stringify(request)), { rpc: message.rpc });
      return;
    }
    if ('socket' in message && typeof message.socket === 'number') {
      await this.run(() => this.options.engine.call(JSON.stringify(message)), { socket: message.socket });
      if ('open' in message) this.options.post({ socket: message.socket, opened: true });
    }
  }

  // Runs one engine call and delivers its outputs: the records first, then the rest in order.
  // `asker`: whom an error that names no RPC (the engine failed as a whole) is for.
  private async run(call: () => string, asker: { rpc?: number; socket?: number } = {}): Promise<void> {
    let outputs: EngineOutput[];
    let records: (string | undefined)[];
    try {
      const text = call();
      const parsed: unknown = JSON.parse(text);
      outputs = Array.isArray(parsed) ? (parsed as EngineOutput[]) : [];
      records = outputs.some((o) => o.to === 'store') ? rawFields(text, 'record') : [];
    } catch (e) {
      this.log(`the engine's answer is not a JSON array: ${String(e)}`);
      return;
    }
    const changes: Change[] = [];
    for (const [k, o] of outputs.entries()) {
      // A record is kept as the engine's text of it, never as parsed numbers.
      if (o.to === 'store') changes.push({ put: { table: o.table, record: records[k] ?? JSON.stringify(o.record) } });
      else if (o.to === 'forget') changes.push({ remove: o.table });
    }
    if (changes.length) {
      try {
        await this.options.store.apply(changes);
      } catch (e) {
        // The game goes on in this tab; it will not survive a reload.
        this.log(`a game could not be stored: ${String(e)}`);
      }
    }
    for (const o of outputs) {
      if (o.to === 'rpc' && typeof o.rpc !== 'number') {
        // The engine could not take the request at all.
        const error = o.error ?? { code: 'internal', message: 'the engine failed' };
        this.log(`the engine failed: ${error.message}`);
        if (asker.rpc !== undefined) this.options.post({ rpc: asker.rpc, error });
        else if (asker.socket !== undefined) this.options.post({ socket: asker.socket, data: JSON.stringify({ type: 'error', ...error }) });
      } else if (o.to === 'rpc') {
        if (o.rpc === RESTORE_RPC) this.restored(o);
        else if (o.error) this.options.post({ rpc: o.rpc, error: o.error });
        else this.options.post({ rpc: o.rpc, ok: o.ok ?? null });
      } else if (o.to === 'socket') {
        if (typeof o.data === 'string') this.options.post({ socket: o.socket, data: o.data });
        if (o.close) this.options.post({ socket: o.socket, closed: true });
      } else if (o.to === 'busy') {
        this.busy = o.busy;
        this.waitMs = typeof o.wait_ms === 'number' && o.wait_ms > 0 ? o.wait_ms : 0;
      }
    }
    if (this.busy) this.scheduleThink();
  }

  private restored(o: Extract<EngineOutput, { to: 'rpc' }>): void {
    if (o.error) {
      this.log(`the stored games were refused: ${o.error.message}`);
      return;
    }
    const refused = (o.ok as { refused?: { table: string; message: string }[] } | undefined)?.refused ?? [];
    // A refused record stays in the store (never overwritten): a later version may read it.
    for (const r of refused) this.log(`stored game ${r.table} not restored: ${r.message}`);
  }

  // One slice of thinking after the queued messages had their turn, or once the wait the engine
  // asked for is over (nothing to compute until an AI's time is spent); the next one is scheduled
  // by `run` while the engine stays busy. A slice due sooner replaces a later one.
  private scheduleThink(): void {
    const now = this.options.now?.() ?? performance.now();
    const due = now + this.waitMs;
    if (this.thinkAt !== null && this.thinkAt <= due) return;
    this.thinkAt = due;
    const wait = this.waitMs > 0 ? (this.options.sleep ?? ((ms) => new Promise<void>((ok) => setTimeout(ok, ms))))(this.waitMs) : this.options.yieldTask();
    void wait.then(() =>
      this.enqueue(async () => {
        if (this.thinkAt !== due) return; // replaced by a slice due sooner, which ran
        this.thinkAt = null;
        if (!this.busy) return;
        await this.run(() => this.options.engine.think(this.options.sliceMs ?? 25));
      }),
    );
  }
}

// A host for a worker whose engine did not start: every call fails with the reason, every socket
// closes (the page shows the reason).
export function failedHost(reason: string, post: (message: FromWorker) => void): { receive(message: ToWorker): void } {
  return {
    receive(message) {
      if ('rpc' in message) post({ rpc: Number(message.rpc) || 0, error: { code: 'no_engine', message: reason } });
      else if ('socket' in message && 'open' in message) post({ socket: message.socket, closed: true });
    },
  };
}
