// node savanna.mjs COMMAND ...: the savanna program's scripting commands (games, new, legal, step,
// view) in WebAssembly. Emscripten's savanna_node.js exports a function that runs the program
// once; without options it takes this process's arguments and ends it with the exit status.
import { createRequire } from 'node:module';

const runSavanna = createRequire(import.meta.url)('./savanna_node.js');
await runSavanna();
