// The scripting contract in WebAssembly against the native program: plays seeded random games of
// one game at every player count through both `savanna` (native) and build/static's Node build,
// and requires the same exit status, stdout and stderr, byte for byte, from every command:
// `new`, then at every step `legal --structured`, the `view` of every seat and the spectator
// (JSON and --text), a rejected action (exit status 2) every tenth step, and the `step` that plays
// a random legal action for each player to act, until the game ends.
//
//   node contract_parity.mjs --native build/release/savanna --static build/static --game kariba
//        [--games N] [--seed S]
//
// The WebAssembly program runs in this process, one instance for every command (as savanna.mjs
// runs one command: callMain), so a command costs a millisecond or two, not a Node start. A
// mismatch prints the command, both outputs and ends with exit status 1.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';

function parseArguments(argv) {
  const options = { games: 1, seed: 1 };
  for (let i = 0; i < argv.length; i += 2) {
    const [key, value] = [argv[i], argv[i + 1]];
    if (value === undefined) throw new Error(`${key} needs a value`);
    options[key.replace(/^--/, '')] = value;
  }
  for (const key of ['native', 'static', 'game'])
    if (!options[key]) throw new Error(`--${key} is required`);
  options.games = Number(options.games);
  options.seed = Number(options.seed);
  return options;
}

const options = parseArguments(process.argv.slice(2));

function runNative(args) {
  const r = spawnSync(options.native, args, { encoding: 'latin1', maxBuffer: 1 << 26 });
  if (r.error) throw r.error;
  return { status: r.status, out: r.stdout, err: r.stderr };
}

// The WebAssembly program: one instance runs every command (callMain; src/wasm/CMakeLists.txt).
// Its files are Node's own (NODERAWFS), so its stdout and stderr are fs.writeSync(1 | 2), caught
// here while a command runs.
const glue = path.resolve(options.static, 'savanna_node.js');
const makeSavanna = createRequire(import.meta.url)(glue);
const savanna = await makeSavanna();

function runWasm(args) {
  const out = [];
  const err = [];
  const { writeSync } = fs;
  fs.writeSync = function (fd, buffer, offset, length) {
    if (fd !== 1 && fd !== 2) return writeSync.apply(fs, arguments);
    const start = offset ?? 0;
    const bytes = Buffer.from(buffer.buffer, buffer.byteOffset, buffer.byteLength);
    const part = Buffer.from(bytes.subarray(start, start + (length ?? bytes.length - start)));
    (fd === 1 ? out : err).push(part);
    return part.length;
  };
  let status;
  try {
    status = savanna.callMain(args);
  } finally {
    fs.writeSync = writeSync;
  }
  return {
    status,
    out: Buffer.concat(out).toString('latin1'),
    err: Buffer.concat(err).toString('latin1'),
  };
}

let commands = 0;
// Runs `args` in both programs; they must agree on everything. Returns the native result.
async function both(args, where) {
  const native = runNative(args);
  const wasm = runWasm(args);
  commands += 1;
  for (const key of ['status', 'out', 'err']) {
    if (native[key] === wasm[key]) continue;
    console.error(`MISMATCH in ${key} at ${where}: savanna ${args.map((a) => `'${a}'`).join(' ')}`);
    console.error(`--- native ${key}:\n${native[key]}\n--- wasm ${key}:\n${wasm[key]}`);
    process.exit(1);
  }
  return native;
}

// xorshift64*: the choice of actions (any fixed sequence will do; both programs get the same).
let rngState = BigInt(options.seed) * 0x9e3779b97f4a7c15n + 1n;
function randomBelow(n) {
  rngState ^= rngState >> 12n;
  rngState ^= (rngState << 25n) & 0xffffffffffffffffn;
  rngState ^= rngState >> 27n;
  const value = (rngState * 0x2545f4914f6cdd1dn) & 0xffffffffffffffffn;
  return Number((value >> 11n) % BigInt(n));
}

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'savanna_wasm_parity_'));
process.on('exit', () => fs.rmSync(scratch, { recursive: true, force: true }));
const stateFile = path.join(scratch, 'state.json');
const maxSteps = 5000;

async function playGame(spec, seed) {
  const start = await both(['new', spec, '--seed', String(seed)], `${spec} seed ${seed}`);
  if (start.status !== 0) throw new Error(`new ${spec} failed: ${start.err}`);
  let documentText = start.out;
  const players = JSON.parse(documentText).params.players;
  const viewers = [...Array(players).keys()].map(String).concat(['spectator']);
  for (let step = 0; ; ++step) {
    const where = `${spec} seed ${seed} step ${step}`;
    if (step > maxSteps) throw new Error(`${where}: no end after ${maxSteps} steps`);
    fs.writeFileSync(stateFile, documentText);
    const legal = JSON.parse((await both(['legal', '--state', stateFile, '--structured'], where)).out);
    for (const viewer of viewers) {
      await both(['view', '--state', stateFile, '--player', viewer], where);
      await both(['view', '--state', stateFile, '--player', viewer, '--text'], where);
    }
    if (legal.to_move.length === 0) return step;
    const actions = legal.to_move.map((p) => {
      const texts = legal.legal[String(p)];
      return `${p}:${texts[randomBelow(texts.length)]}`;
    });
    if (step % 10 === 0) {
      const rejected = await both(['step', '--state', stateFile, `${legal.to_move[0]}:no such move`], where);
      if (rejected.status !== 2) throw new Error(`${where}: an illegal action gave ${rejected.status}`);
    }
    const next = await both(['step', '--state', stateFile, ...actions], where);
    if (next.status !== 0) throw new Error(`${where}: step failed: ${next.err}`);
    documentText = next.out;
  }
}

const started = Date.now();
const info = JSON.parse((await both(['games', '--json'], 'games')).out).find((g) => g.name === options.game);
if (!info) throw new Error(`no game ${options.game}`);
let steps = 0;
for (let players = info.min_players; players <= info.max_players; ++players) {
  // Kariba's 5 and 6 players need the 9-animal deck.
  const extra = options.game === 'kariba' && players > 4 ? ',animals=9' : '';
  for (let g = 0; g < options.games; ++g)
    steps += await playGame(`${options.game}(players=${players}${extra})`, options.seed + 1000 * players + g);
}
process.exitCode = 0;  // callMain leaves the last command's status there
console.log(`${options.game}: ${commands} commands over ${steps} steps agree byte for byte ` +
            `(${((Date.now() - started) / 1000).toFixed(1)} s)`);
