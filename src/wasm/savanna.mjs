// node savanna.mjs COMMAND ...: the savanna program's portable commands (games, new, legal, step,
// view, bench) in WebAssembly. Emscripten's savanna_node.js exports a function that makes an
// instance of the program; callMain runs it once with this process's arguments and returns the
// exit status.
import { createRequire } from 'node:module';

const makeSavanna = createRequire(import.meta.url)('./savanna_node.js');
const savanna = await makeSavanna();
process.exitCode = savanna.callMain(process.argv.slice(2));
