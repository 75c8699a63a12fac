// A Web Worker that runs `savanna bench GAME --seconds S --json` in the browser: the program's
// own bench command (src/cli/cmd_bench.cc, src/sim/benchmark.cc), linked for a worker from the
// objects of the static preset's Node program (run.sh). Answers {status, out}.
import createBench from './savanna_bench.js';

onmessage = async (e) => {
  let out = '';
  const program = await createBench({ print: (line) => (out += `${line}\n`), printErr: () => {} });
  const status = program.callMain(['bench', e.data.game, '--seconds', String(e.data.seconds), '--json']);
  postMessage({ status, out });
};
