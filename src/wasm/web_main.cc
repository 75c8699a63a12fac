// The browser's engine (savanna_web.js): everything it does is behind the local host's C API
// (src/local/c_api.h), which the worker calls; the program itself has nothing to run.
#include "local/c_api.h"

int main() { return 0; }
