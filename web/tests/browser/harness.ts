// What the browser tests share: a real `savanna serve` on a free port with a fresh database and
// the built web folder; Debian's chromium driven by playwright-core (never a downloaded browser);
// a recorder of every WebSocket message and HTTP request a page sees; a player that plays a
// table to its end by clicking (board targets, choice buttons, the keyboard); and the replay of
// a finished table's record through the `savanna` CLI, to compare what each page received with
// what its seat may see.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { makeChecker } from '../../scripts/schemas.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '../../..');
export const SAVANNA = process.env.SAVANNA_BIN ?? join(root, 'build/release/savanna');
export const WEB_DIR = process.env.SAVANNA_WEB_DIR ?? join(root, 'build/release/web');
export const ARTIFACTS = process.env.SAVANNA_WEB_ARTIFACTS ?? join(root, 'build/release/web-test-artifacts');

export interface Server {
  url: string;
  dir: string;
  stop: () => Promise<void>;
}

// One test file creates dozens of tables from one address within a minute, so the per-client
// limits are relaxed here; the limits themselves are tested in tests/server, and the lobby's 429
// in lobby.test.ts (which passes its own `limits`, replacing these).
const RELAXED_LIMITS: Record<string, string> = {
  '--rate': '200',
  '--burst': '400',
  '--tables-per-minute': '1000',
  '--joins-per-minute': '1000',
  '--requests-per-second': '1000',
  '--request-burst': '2000',
};

export async function startServer(limits: Record<string, string> = {}, web = WEB_DIR): Promise<Server> {
  const dir = mkdtempSync(join(tmpdir(), 'savanna-web-test-'));
  const options = Object.entries({ ...RELAXED_LIMITS, ...limits }).flat();
  const child: ChildProcess = spawn(
    SAVANNA,
    ['serve', '--port', '0', '--db', join(dir, 'tables.db'), '--web', web, '--sync', 'normal', ...options],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let stderr = '';
  child.stderr!.on('data', (d) => (stderr += String(d)));
  const url = await new Promise<string>((ok, fail) => {
    let out = '';
    const timer = setTimeout(() => fail(new Error(`savanna serve did not start: ${stderr}`)), 20000);
    child.stdout!.on('data', (d) => {
      out += String(d);
      const m = /listening on (http:\/\/[\d.]+:\d+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        ok(m[1]);
      }
    });
    child.on('exit', (code) => fail(new Error(`savanna serve exited (${code}): ${stderr}`)));
  });
  return {
    url,
    dir,
    stop: () => stopServer(child, dir),
  };
}

// Stops a server process the tests started and deletes its scratch folder once it has exited.
export function stopServer(child: ChildProcess, dir: string): Promise<void> {
  return new Promise<void>((ok) => {
    child.once('exit', () => {
      rmSync(dir, { recursive: true, force: true });
      ok();
    });
    child.kill('SIGTERM');
  });
}

// Each launch runs on a fresh temporary profile (playwright makes its own user-data-dir and
// removes it on close), so no state leaks between runs.
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.SAVANNA_CHROMIUM ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

// One server and one browser for a test file: call useServerAndBrowser() at the top of the file;
// `server` and `browser` are set before its first test and closed after its last.
export let server: Server;
export let browser: Browser;
export function useServerAndBrowser(): void {
  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });
}

// Everything one page received: WebSocket messages (parsed) and the paths it requested.
export interface Recording {
  messages: Record<string, unknown>[];
  requests: { path: string; atMessage: number }[];
  errors: string[];
}

export function record(page: Page): Recording {
  const rec: Recording = { messages: [], requests: [], errors: [] };
  page.on('websocket', (ws) => {
    ws.on('framereceived', (frame) => {
      if (typeof frame.payload === 'string') rec.messages.push(JSON.parse(frame.payload) as Record<string, unknown>);
    });
  });
  page.on('request', (r) => rec.requests.push({ path: new URL(r.url()).pathname, atMessage: rec.messages.length }));
  page.on('pageerror', (e) => rec.errors.push(e.message));
  return rec;
}

export async function newPage(browser: Browser, phone = false): Promise<{ context: BrowserContext; page: Page; rec: Recording }> {
  const context = await browser.newContext(
    phone ? { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true } : { viewport: { width: 1366, height: 900 } },
  );
  const page = await context.newPage();
  const rec = record(page);
  return { context, page, rec };
}

export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(ARTIFACTS, { recursive: true });
  const path = join(ARTIFACTS, `${name}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}

// Creates a table in the lobby form: game, players, parameters, seats (SEAT_CHOICES ids).
export async function createTable(
  page: Page,
  url: string,
  game: string,
  players: number,
  seats: string[],
  params: Record<string, string> = {},
  name = 'Tester',
): Promise<string> {
  await page.goto(url + '/');
  await page.locator('#game').selectOption(game);
  await page.locator('#players').fill(String(players));
  for (const [k, v] of Object.entries(params)) await page.locator(`#param-${k}`).selectOption(v);
  for (let i = 0; i < seats.length; i++) await page.locator(`#seat-${i}`).selectOption(seats[i]);
  await page.locator('#name').fill(name);
  await page.locator('[data-create]').click();
  // Either the table opens, or the lobby says why not: fail with its words, not a timeout.
  await page.waitForSelector('main.table-page[data-table], main p.error[role="alert"]');
  const refused = page.locator('main p.error[role="alert"]');
  if (await refused.count()) throw new Error(`the lobby refused the table: ${await refused.first().textContent()}`);
  return (await page.locator('main.table-page').getAttribute('data-table'))!;
}

// A small seeded generator, so a failing run can be repeated.
export function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

async function attr(page: Page, name: string): Promise<string> {
  return (await page.locator('main.table-page').getAttribute(name)) ?? '';
}

// Makes one move for the page's seat by clicking: a board target (sometimes with the keyboard),
// then, if the choice is not yet complete, a choice button or the numeric field. Returns false
// when it is not this page's turn.
export async function makeMove(page: Page, random: () => number): Promise<boolean> {
  if ((await attr(page, 'data-your-turn')) !== 'yes' || (await attr(page, 'data-waiting')) === 'yes') return false;
  const before = await attr(page, 'data-actions');
  // A choice the game warned about (Kitara: cards left unfed): mostly confirmed, sometimes not.
  const warning = page.locator('[data-confirm-warning]');
  if ((await warning.count()) > 0) {
    if (random() < 0.75) {
      await warning.click();
      return true;
    }
    await page.locator('[data-cancel-warning]').click();
  }
  const targets = page.locator('svg.board [data-target]');
  const n = await targets.count();
  if (n > 0 && random() < 0.8) {
    const target = targets.nth(Math.floor(random() * n));
    if (random() < 0.25) {
      await target.focus();
      await page.keyboard.press('Enter');
    } else await target.click();
    if ((await attr(page, 'data-actions')) !== before || (await attr(page, 'data-waiting')) === 'yes') return true;
  }
  const numeric = page.locator('[data-numeric]');
  if ((await numeric.count()) > 0) {
    // The slider steps through the legal numbers only (low ones more often: bids).
    const slider = page.locator('[data-numeric-slider]');
    const last = Number(await slider.getAttribute('max'));
    await slider.fill(String(Math.floor(random() * random() * (last + 1))));
    if (random() < 0.5) {
      // Or type the number the slider chose into the field.
      const chosen = await numeric.inputValue();
      await numeric.fill('');
      await numeric.fill(chosen);
    }
    await page.locator('[data-submit]').click();
    return true;
  }
  const list = page.locator('[data-action-list]');
  if ((await list.count()) > 0) {
    const options = await list.locator('option').allTextContents();
    await list.selectOption(options[Math.floor(random() * options.length)]);
    await page.locator('[data-play-selected]').click();
    return true;
  }
  const buttons = page.locator('.choices [data-action]');
  const count = await buttons.count();
  if (count === 0) return false;
  await buttons.nth(Math.floor(random() * count)).click();
  return true;
}

// Plays every page (one per human seat of a table) until the table is finished.
// `afterMove` (optional) runs after each move, e.g. to look at the page.
export async function playToEnd(pages: Page[], random: () => number, limitSeconds = 240, afterMove?: () => Promise<void>): Promise<number> {
  const deadline = Date.now() + limitSeconds * 1000;
  let moves = 0;
  for (;;) {
    if ((await attr(pages[0], 'data-status')) === 'finished') {
      for (const p of pages) await p.waitForSelector('[data-result]');
      return moves;
    }
    if (Date.now() > deadline) throw new Error(`the game did not end within ${limitSeconds} s (${moves} moves)`);
    let moved = false;
    for (const p of pages) moved = (await makeMove(p, random)) || moved;
    if (moved) {
      moves++;
      if (afterMove) await afterMove();
    } else await pages[0].waitForTimeout(40);
  }
}

// The finished table's record, and for a viewer (seat or 'spectator') every view it may see:
// the view before the first action and after each action, by replaying the record with the CLI.
// `View`: the game's view type (generated from schemas/<game>.json).
export interface Replayed<View = unknown> {
  views: Set<string>; // canonical JSON of each view
  byActions: View[]; // the view after N actions, at index N
  log: { player: number; action: string; story?: string }[]; // the moves as this viewer reads them, in order
  final: View; // the view after the last action of the record
}

export function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(value);
}

// A record's seed is a 64-bit integer, beyond what a JavaScript number holds exactly: it is kept
// as a string while the record is in JavaScript and written back as a number.
export async function fetchRecord(url: string, table: string): Promise<Record<string, unknown>> {
  const response = await fetch(`${url}/api/tables/${table}/record`);
  if (!response.ok) throw new Error(`record of ${table}: ${response.status}`);
  const text = (await response.text()).replace(/"seed":\s*(\d+)/, '"seed":"seed:$1"');
  return JSON.parse(text) as Record<string, unknown>;
}

function recordText(record: Record<string, unknown>): string {
  return JSON.stringify(record).replace(/"seed":"seed:(\d+)"/, '"seed":$1');
}

export function replay<View = unknown>(recordJson: Record<string, unknown>, viewer: number | 'spectator', dir: string): Replayed<View> {
  const file = join(dir, `record-${String(viewer)}.json`);
  writeFileSync(file, recordText(recordJson));
  const start = join(dir, `start-${String(viewer)}.json`);
  writeFileSync(start, recordText({ ...recordJson, actions: [], result: null }));
  const views = new Set<string>();
  let final: unknown = JSON.parse(execFileSync(SAVANNA, ['replay', start, '--player', String(viewer)], { encoding: 'utf8' }));
  views.add(canonical(final));
  const byActions: unknown[] = [final];
  const steps = JSON.parse(
    execFileSync(SAVANNA, ['replay', file, '--player', String(viewer), '--steps'], { encoding: 'utf8', maxBuffer: 1 << 28 }),
  ) as { step: number; revealed: { player: number; action: string; story?: string }[]; view: unknown }[];
  const log: { player: number; action: string; story?: string }[] = [];
  for (const s of steps) {
    views.add(canonical(s.view));
    byActions[s.step] = s.view;
    log.push(...s.revealed);
    final = s.view;
  }
  // The views are the engine's own for this game (the caller names its view type).
  return { views, byActions: byActions as View[], log, final: final as View };
}

// Checks that a page received nothing its viewer may not see: every view in its state messages
// is one of the viewer's replayed views, and the move log it gathered reads exactly as the
// viewer's replayed log, texts and stories (State::Story) alike. Returns the number of state
// messages checked.
// Every message must also match schemas/ (scripts/schemas.mjs), down to each game's view and
// structured actions.
const schemaChecker = makeChecker();
export function checkSecrecy(rec: Recording, replayed: Replayed): number {
  for (const m of rec.messages) {
    const problems = schemaChecker.serverMessage(m);
    if (problems.length) throw new Error(`a ${String(m.type)} message does not match schemas/: ${problems.join('; ').slice(0, 600)}`);
  }
  let states = 0;
  const log = new Map<number, { player: number; action: string; story?: string }>();
  for (const m of rec.messages) {
    if (m.type !== 'state') continue;
    states++;
    const view = canonical(m.view);
    if (!replayed.views.has(view)) throw new Error(`a state message holds a view the viewer never has: ${view.slice(0, 400)}`);
    for (const e of m.log as { index: number; player: number; action: string; story?: string }[])
      log.set(e.index, { player: e.player, action: e.action, ...(e.story !== undefined ? { story: e.story } : {}) });
  }
  const gathered = [...log.entries()].sort((a, b) => a[0] - b[0]).map(([, e]) => e);
  const expected = replayed.log;
  if (canonical(gathered) !== canonical(expected))
    throw new Error(`the page's move log differs from the viewer's: ${canonical(gathered).slice(0, 300)} vs ${canonical(expected).slice(0, 300)}`);
  return states;
}

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

// axe-core's (pinned in package.json) violations on the page as "rule: target" lines (empty when none).
export async function violations(page: Page): Promise<string[]> {
  await page.addScriptTag({ content: AXE });
  return page.evaluate(async () => {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const axe = (window as any).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    return result.violations.flatMap((v: any) => v.nodes.map((n: any) => `${v.id}: ${n.target.join(' ')} (${v.help})`));
  });
}
