// The static site's figures (README.md): ISMCTS iterations per second in Chromium (the engine in
// the site's own Web Worker) against the native program, in alternating pairs; the site's size
// gzipped; the time from opening the page to the first move. No `savanna serve`: Python's
// http.server serves build/static under a sub-path. Prints results as JSON.
//   node measure.mjs --static DIR --bench DIR --savanna PROGRAM [--rounds 3] [--seconds 1] [--loads 5]
// --bench names a folder with savanna_bench.{js,wasm} (run.sh links them): the program's bench
// command for a Web Worker, run by bench_worker.js.
import { execFileSync, spawn } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

const require = createRequire(new URL('../../web/package.json', import.meta.url));
const { chromium } = require('playwright-core');

const args = Object.fromEntries(process.argv.slice(2).reduce((pairs, a, i, all) => (a.startsWith('--') ? [...pairs, [a.slice(2), all[i + 1]]] : pairs), []));
const staticDir = resolve(args.static ?? 'build/static');
const benchDir = args.bench ? resolve(args.bench) : null;
const savanna = resolve(args.savanna ?? 'build/release/savanna');
const rounds = Number(args.rounds ?? 3);
const seconds = Number(args.seconds ?? 1);
const loads = Number(args.loads ?? 5);
const games = ['kariba', 'kilimanjaro', 'kap_kairo', 'kalimambo', 'kitara'];
const SUB = '/play/savanna/';

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

async function startServer() {
  const dir = mkdtempSync(join(tmpdir(), 'savanna-site-figures-'));
  mkdirSync(join(dir, 'play'));
  symlinkSync(staticDir, join(dir, 'play/savanna'));
  if (benchDir) {
    mkdirSync(join(dir, 'bench'));
    for (const f of ['savanna_bench.js', 'savanna_bench.wasm']) copyFileSync(join(benchDir, f), join(dir, 'bench', f));
    copyFileSync(new URL('bench_worker.js', import.meta.url), join(dir, 'bench/bench_worker.js'));
    writeFileSync(join(dir, 'bench/index.html'), '<!doctype html><title>bench</title>');
  }
  const child = spawn('/usr/bin/python3', ['-u', '-m', 'http.server', '0', '--bind', '127.0.0.1', '--directory', dir], { stdio: ['ignore', 'pipe', 'ignore'] });
  const port = await new Promise((ok, fail) => {
    let out = '';
    child.stdout.on('data', (d) => {
      out += String(d);
      const m = /port (\d+)/.exec(out);
      if (m) ok(m[1]);
    });
    child.on('exit', (code) => fail(new Error(`http.server exited (${code})`)));
  });
  return { url: `http://127.0.0.1:${port}${SUB}`, bench: `http://127.0.0.1:${port}/bench/`, stop: () => (child.kill('SIGTERM'), rmSync(dir, { recursive: true, force: true })) };
}

// The site's files a visitor may download: the page, its assets, the engine.
function sizes() {
  const files = ['index.html', ...readdirSync(join(staticDir, 'assets')).map((f) => `assets/${f}`), ...readdirSync(join(staticDir, 'engine')).map((f) => `engine/${f}`)];
  const each = Object.fromEntries(files.map((f) => {
    const bytes = readFileSync(join(staticDir, f));
    return [f, { bytes: statSync(join(staticDir, f)).size, gzip_9: gzipSync(bytes, { level: 9 }).length }];
  }));
  const sum = (pick) => Object.entries(each).filter(([f]) => pick(f)).reduce((t, [, s]) => ({ bytes: t.bytes + s.bytes, gzip_9: t.gzip_9 + s.gzip_9 }), { bytes: 0, gzip_9: 0 });
  return { files: each, engine: sum((f) => f.startsWith('engine/')), ui: sum((f) => !f.startsWith('engine/')), total: sum(() => true) };
}

// bench in Chromium: the program's bench command in a Web Worker of a page (bench_worker.js),
// a fresh instance per measurement.
async function chromiumBench(page, game) {
  const reply = await page.evaluate(
    ({ game, seconds }) =>
      new Promise((ok, fail) => {
        const w = new Worker('bench_worker.js', { type: 'module' });
        w.onerror = (e) => fail(new Error(e.message));
        w.onmessage = (e) => {
          w.terminate();
          ok(e.data);
        };
        w.postMessage({ game, seconds });
      }),
    { game, seconds },
  );
  if (reply.status !== 0) throw new Error(`bench ${game} in Chromium: exit status ${reply.status}: ${reply.out}`);
  return JSON.parse(reply.out);
}

function nativeBench(game) {
  return JSON.parse(execFileSync(savanna, ['bench', game, '--seconds', String(seconds), '--json'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }));
}

const figure = (bench) => (bench.games ? bench.games[0] : bench).ismcts_iterations_per_second;

// Opening the page in a fresh context (empty cache and storage) to the first move: the lobby
// ready (the engine loaded in the worker, the games listed), then a table with the AI (medium)
// at P0 and the person at P1, to the AI's first move shown and the person's choices offered.
async function firstMove(browser, url) {
  const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
  const page = await context.newPage();
  const fetched = new Set();
  page.on('request', (r) => fetched.add(new URL(r.url()).pathname.slice(SUB.length)));
  await page.goto(url);
  await page.waitForSelector('form.create[data-where="local"]');
  const lobby = await page.evaluate(() => performance.now());
  await page.locator('#game').selectOption('kariba');
  await page.locator('#seat-0').selectOption('medium');
  await page.locator('#seat-1').selectOption('human');
  const asked = await page.evaluate(() => performance.now());
  await page.locator('[data-create]').click();
  await page.waitForSelector('main.table-page[data-table] svg.board');
  const shown = await page.evaluate(() => performance.now());
  await page.waitForSelector('main.table-page[data-your-turn="yes"]');
  const moved = await page.evaluate(() => performance.now());
  const actions = Number(await page.locator('main.table-page').getAttribute('data-actions'));
  await context.close();
  return { lobby_ready_ms: lobby, create_to_board_ms: shown - asked, create_to_first_ai_move_ms: moved - asked, open_to_first_move_ms: moved, actions_before_your_turn: actions, fetched: [...fetched].sort() };
}

const server = await startServer();
const browser = await chromium.launch({ executablePath: process.env.SAVANNA_CHROMIUM ?? '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
const loadBefore = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
try {
  const opens = [];
  for (let i = 0; i < loads; i++) opens.push(await firstMove(browser, server.url));
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(server.bench);
  const runs = [];
  for (let round = 1; round <= (benchDir ? rounds : 0); round++)
    for (const game of games) {
      runs.push({ round, game, side: 'native', bench: nativeBench(game) });
      runs.push({ round, game, side: 'chromium', bench: await chromiumBench(page, game) });
    }
  await context.close();
  const summary = games.map((game) => {
    const n = median(runs.filter((r) => r.game === game && r.side === 'native').map((r) => figure(r.bench)));
    const c = median(runs.filter((r) => r.game === game && r.side === 'chromium').map((r) => figure(r.bench)));
    // Each round's pair was measured minutes apart from the others: its own ratio too.
    const perRound = [...new Set(runs.map((r) => r.round))].map((round) => {
      const pair = runs.filter((r) => r.game === game && r.round === round);
      return figure(pair.find((r) => r.side === 'chromium').bench) / figure(pair.find((r) => r.side === 'native').bench);
    });
    return {
      game,
      ismcts_iterations_per_second: { native_median: n, chromium_median: c, chromium_over_native: c / n, per_round_ratios: perRound, median_of_round_ratios: median(perRound) },
    };
  });
  const s = sizes();
  const fetched = opens[0].fetched;
  console.log(
    JSON.stringify(
      {
        chromium: browser.version(),
        seconds_per_figure: seconds,
        load_average_before: loadBefore,
        load_average_after: readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' '),
        sizes: { engine: s.engine, ui: s.ui, total: s.total, fetched_gzip_9: fetched.filter((f) => s.files[f]).reduce((t, f) => t + s.files[f].gzip_9, 0), files: s.files },
        first_move: {
          lobby_ready_ms_median: median(opens.map((o) => o.lobby_ready_ms)),
          create_to_board_ms_median: median(opens.map((o) => o.create_to_board_ms)),
          create_to_first_ai_move_ms_median: median(opens.map((o) => o.create_to_first_ai_move_ms)),
          open_to_first_move_ms_median: median(opens.map((o) => o.open_to_first_move_ms)),
          runs: opens.map(({ fetched: _f, ...o }) => o),
          fetched,
        },
        summary,
        runs,
      },
      null,
      1,
    ),
  );
} finally {
  await browser.close();
  server.stop();
}
