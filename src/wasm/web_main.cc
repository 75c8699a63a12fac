// The browser's engine (savanna_web.js) has no program to run: everything it does is behind the
// local host's C API (src/local/c_api.h), which the worker calls, so it is linked with --no-entry.
#include "local/c_api.h"
