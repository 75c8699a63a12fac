// The engine's Web Worker (local mode): loads the engine compiled to WebAssembly from the URL the
// page gives (engine/savanna_web.js beside the page, so any sub-path works), brings back the games
// stored in IndexedDB, then relays the page's requests to it (host.ts). The search runs here, in
// slices, so the page never waits for it.
import { failedHost, LocalHost } from './host.ts';
import { memoryRecordStore, openRecordStore } from './idb_store.ts';
import type { EngineApi, FromWorker, RecordStore, ToWorker } from './protocol.ts';

interface WorkerScope {
  postMessage(message: FromWorker): void;
  onmessage: ((ev: MessageEvent<ToWorker>) => void) | null;
}
const scope = self as unknown as WorkerScope;
const post = (message: FromWorker) => scope.postMessage(message);

// What Emscripten's factory gives (the parts used here).
interface EngineModule {
  cwrap?: (name: string, returns: string, args: string[]) => (...args: unknown[]) => unknown;
  ccall?: (name: string, returns: string, types: string[], args: unknown[]) => unknown;
  _malloc?: (bytes: number) => number;
  _free?: (pointer: number) => void;
  stringToUTF8?: (text: string, pointer: number, bytes: number) => void;
  lengthBytesUTF8?: (text: string) => number;
  UTF8ToString?: (pointer: number) => string;
}
type EngineFactory = (options: Record<string, unknown>) => Promise<EngineModule>;

async function loadEngine(url: string): Promise<EngineApi> {
  const imported = (await import(/* @vite-ignore */ url)) as { default?: EngineFactory };
  if (typeof imported.default !== 'function') throw new Error(`${url} exports no module factory`);
  const module = await imported.default({
    locateFile: (path: string) => new URL(path, url).href,
    print: (text: string) => console.log(text),
    printErr: (text: string) => console.warn(text),
  });
  const { cwrap, ccall, _malloc: malloc, _free: free, stringToUTF8, lengthBytesUTF8, UTF8ToString } = module;
  if (cwrap && malloc && free && stringToUTF8 && lengthBytesUTF8 && UTF8ToString) {
    // A request goes through the heap, not the stack: a restore of many games is large.
    const callAt = cwrap('savanna_local_call', 'number', ['number']);
    const think = cwrap('savanna_local_think', 'string', ['number']);
    return {
      call: (request) => {
        const bytes = lengthBytesUTF8(request) + 1;
        const at = malloc(bytes);
        try {
          stringToUTF8(request, at, bytes);
          return UTF8ToString(Number(callAt(at)));
        } finally {
          free(at);
        }
      },
      think: (ms) => String(think(ms)),
    };
  }
  if (cwrap) {
    const call = cwrap('savanna_local_call', 'string', ['string']);
    const think = cwrap('savanna_local_think', 'string', ['number']);
    return { call: (r) => String(call(r)), think: (ms) => String(think(ms)) };
  }
  if (ccall)
    return {
      call: (r) => String(ccall('savanna_local_call', 'string', ['string'], [r])),
      think: (ms) => String(ccall('savanna_local_think', 'string', ['number'], [ms])),
    };
  throw new Error('the engine module exports neither cwrap nor ccall');
}

// A new task for the worker: the messages queued meanwhile are handled first.
const channel = new MessageChannel();
const resumes: (() => void)[] = [];
channel.port1.onmessage = () => resumes.shift()?.();
function yieldTask(): Promise<void> {
  return new Promise((resume) => {
    resumes.push(resume);
    channel.port2.postMessage(0);
  });
}

function randomSeed(): string {
  return crypto.getRandomValues(new BigUint64Array(1))[0].toString();
}

let host: { receive(message: ToWorker): unknown } | null = null;
let started = false;
const early: ToWorker[] = [];

async function start(engineUrl: string): Promise<void> {
  let engine: EngineApi;
  try {
    engine = await loadEngine(engineUrl);
  } catch (e) {
    const reason = `the engine could not be loaded (${e instanceof Error ? e.message : String(e)})`;
    post({ fatal: reason });
    host = failedHost(reason, post);
  }
  if (!host) {
    let store: RecordStore;
    try {
      store = await openRecordStore();
    } catch (e) {
      console.warn(`savanna engine worker: IndexedDB cannot be opened, games last only while the page is open (${String(e)})`);
      store = memoryRecordStore();
    }
    const local = new LocalHost({ engine: engine!, store, post, yieldTask, randomSeed });
    void local.start();
    host = local;
  }
  for (const message of early.splice(0)) host.receive(message);
}

scope.onmessage = (ev) => {
  const message = ev.data;
  if (message && typeof message === 'object' && 'init' in message) {
    if (!started) void start(String((message as { init: { engine: unknown } }).init.engine));
    started = true;
    return;
  }
  if (host) host.receive(message);
  else early.push(message);
};
