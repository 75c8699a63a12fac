// The messages between the page and the engine's worker (engine_worker.ts) in local mode, and the
// outputs of the engine's C API that the worker relays (docs/static.md, "The local host";
// src/local/local_host.h). The page sends RPCs (the HTTP API's calls) and socket traffic (the WebSocket's
// client messages); the worker answers with what the server would send: RPC replies and server
// message texts. Records never cross to the page.

// Page -> worker.
export type ToWorker =
  | { init: { engine: string } } // the engine's module URL (engine/savanna_web.js beside the page)
  | { rpc: number; call: string; [field: string]: unknown } // as the HTTP API
  | { socket: number; open: true }
  | { socket: number; close: true }
  | { socket: number; data: string }; // a client message's text

// Worker -> page.
export type FromWorker =
  | { rpc: number; ok: unknown }
  | { rpc: number; error: { code: string; message: string } }
  | { socket: number; opened: true }
  | { socket: number; data: string } // a server message's text
  | { socket: number; closed: true }
  | { fatal: string }; // the engine could not be started: every call fails with this reason

// One output of savanna_local_call / savanna_local_think (a JSON array of them).
export type EngineOutput =
  | { to: 'rpc'; rpc: number; ok?: unknown; error?: { code: string; message: string } }
  | { to: 'socket'; socket: number; data?: string; close?: boolean }
  | { to: 'store'; table: string; record: unknown }
  | { to: 'forget'; table: string }
  // Last in every answer. wait_ms: all that is left is an AI answer waiting for its level's time.
  | { to: 'busy'; busy: boolean; wait_ms?: number };

// The engine's C API as the worker uses it: JSON text in, a JSON array of outputs out.
export interface EngineApi {
  call(request: string): string;
  think(budgetMs: number): string;
}

// A table's stored record: the JSON text the engine wrote for it (opaque to the worker, never
// parsed: its seed is a 64-bit integer). An object (an older store) is written back as JSON.
export interface StoredRecord {
  table: string;
  record: string | object;
}

// Where the worker keeps the records (IndexedDB in the browser, a map in tests).
export interface RecordStore {
  all(): Promise<StoredRecord[]>;
  // Writes and deletes, all or none, finished (durable as far as the store says) when it resolves.
  apply(changes: ({ put: StoredRecord } | { remove: string })[]): Promise<void>;
}
