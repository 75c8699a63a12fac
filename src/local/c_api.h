// The local host's C API, for the browser's Web Worker (web/src/local/engine_worker.ts): one host
// per process over every game, JSON text in and out (local_host.h says what the requests and the
// outputs are). Each returned text stays valid until the next call of either function.
#pragma once

extern "C" {

// One request (an RPC or a socket's open, close or message); the outputs as a JSON array.
const char* savanna_local_call(const char* request);

// Thinks for AI seats and hints for about `budget_ms` milliseconds; the outputs as a JSON array.
const char* savanna_local_think(int budget_ms);
}
