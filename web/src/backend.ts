// Where a table lives: at the server (its HTTP API and WebSocket) or on this device (the engine
// in a Web Worker, docs/static.md), and what this page can reach. Both give the pages the same
// API, socket and token store, so the lobby, the table, the coach and the review work unchanged.
import { api, type Api } from './api.ts';
import { browserSocket, type SocketLike } from './connection.ts';
import { localApi } from './local/local_api.ts';
import { localEngine } from './local/local_engine.ts';
import { TokenStore } from './tokens.ts';

export interface Backend {
  local: boolean;
  api: Api;
  tokens: TokenStore;
  openSocket: () => SocketLike;
}

export function serverBackend(storage: Storage): Backend {
  return { local: false, api, tokens: new TokenStore(storage), openSocket: browserSocket };
}

export function localBackend(storage: Storage): Backend {
  return { local: true, api: localApi(localEngine), tokens: new TokenStore(storage, 'savanna.local'), openSocket: () => localEngine().socket() };
}

export interface Site {
  server: boolean; // a `savanna serve` answers here (online tables)
  local: boolean; // the engine can run on this device (the static build, a browser with workers)
}

// What this page can reach. A build without the engine is the server's UI as it always was. With
// it, the page asks for itself again and reads the Server header, which `savanna serve` sets to
// `savanna` on every reply: a static host has no /api, and asking it would only log a 404.
export async function detectSite(): Promise<Site> {
  if (!__SAVANNA_LOCAL__) return { server: true, local: false };
  const local = typeof Worker === 'function' && typeof WebAssembly === 'object' && typeof indexedDB === 'object';
  let server: boolean;
  try {
    const reply = await fetch(location.pathname, { cache: 'no-store' });
    server = reply.headers.get('server') === 'savanna';
  } catch {
    server = false;
  }
  return { server, local: local || !server };
}
