// The static site (./scripts/build_static.sh: the UI and the engine in build/static) with no
// `savanna serve` anywhere: a plain static file server (Python's http.server) serves the folder
// under a sub-path, and Chromium plays on the device. The lobby offers only local mode and asks
// no /api; a whole game against AI seats in every game, each reloaded in the middle (one closed
// and resumed from the lobby instead), each checked for secrecy against the native replay of
// its record; a hint and a take-back; the review of a finished game.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { checkSecrecy, launchBrowser, makeMove, playToEnd, replay, rng, screenshot, startServer, violations, type Recording } from './harness.ts';
import { STATIC_DIR } from './static_server.ts';
import { startStaticServer, SUB_PATH, type StaticServer } from './static_server.ts';

let site: StaticServer;
let browser: Browser;
beforeAll(async () => {
  site = await startStaticServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

// A page of one context (the context keeps the browser's storage across pages and reloads) that
// records the paths it requested, its errors, every message the engine's worker posted
// to the page (`fromWorker`), the server messages among them (`messages`, as a WebSocket's would
// be recorded) and the console's errors.
interface LocalRecording extends Recording {
  fromWorker: unknown[];
  consoleErrors: string[];
}

async function openPage(context: BrowserContext, rec?: LocalRecording): Promise<{ page: Page; rec: LocalRecording }> {
  const page = await context.newPage();
  const r: LocalRecording = rec ?? { messages: [], requests: [], errors: [], fromWorker: [], consoleErrors: [] };
  page.on('request', (q) => r.requests.push({ path: new URL(q.url()).pathname, atMessage: r.messages.length }));
  page.on('pageerror', (e) => r.errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error') r.consoleErrors.push(m.text());
  });
  await page.exposeFunction('__savannaFromWorker', (text: string) => {
    const m = JSON.parse(text) as Record<string, unknown>;
    r.fromWorker.push(m);
    if (typeof m.data === 'string') r.messages.push(JSON.parse(m.data) as Record<string, unknown>);
  });
  await page.addInitScript(() => {
    const Native = window.Worker;
    window.Worker = class extends Native {
      constructor(url: string | URL, options?: WorkerOptions) {
        super(url, options);
        const hook = (window as unknown as { __savannaFromWorker: (t: string) => void }).__savannaFromWorker;
        this.addEventListener('message', (e) => void hook(JSON.stringify(e.data)));
      }
    };
  });
  return { page, rec: r };
}

async function attr(page: Page, name: string): Promise<string> {
  return (await page.locator('main.table-page').getAttribute(name)) ?? '';
}

// Creates a table on this device in the lobby; returns its id.
async function createLocal(page: Page, game: string, seats: string[]): Promise<string> {
  await page.goto(site.url);
  await page.waitForSelector('form.create[data-where="local"]');
  await page.locator('#game').selectOption(game);
  await page.locator('#players').fill(String(seats.length));
  for (let i = 0; i < seats.length; i++) await page.locator(`#seat-${i}`).selectOption(seats[i]);
  await page.locator('[data-create]').click();
  await page.waitForSelector('main.table-page[data-table], main p.error[role="alert"]');
  const refused = page.locator('main p.error[role="alert"]');
  if (await refused.count()) throw new Error(`the lobby refused the table: ${await refused.first().textContent()}`);
  expect(page.url()).toContain(`${SUB_PATH}#/local/t/`);
  return (await page.locator('main.table-page').getAttribute('data-table'))!;
}

// Plays by clicking until the table has at least `n` actions and it is this seat's turn again,
// settled: the same number of actions a moment later (a move clicked just before, still on its
// way to the worker, would otherwise be counted after the reload but not before it).
async function playTo(page: Page, random: () => number, n: number): Promise<number> {
  const deadline = Date.now() + 120_000;
  const ready = async (actions: number) => actions >= n && (await attr(page, 'data-your-turn')) === 'yes' && (await attr(page, 'data-waiting')) === 'no';
  for (;;) {
    const actions = Number(await attr(page, 'data-actions'));
    if (await ready(actions)) {
      await page.waitForTimeout(300);
      if (Number(await attr(page, 'data-actions')) === actions && (await ready(actions))) return actions;
      continue;
    }
    if ((await attr(page, 'data-status')) === 'finished') return actions;
    if (Date.now() > deadline) throw new Error(`${n} actions were not reached`);
    if (!(await makeMove(page, random))) await page.waitForTimeout(40);
  }
}

// The table's stored record, read from the worker's IndexedDB as only a test may. Its seed is
// kept as a string ("seed:N", as harness.replay wants it): a double would round it.
async function storedRecord(page: Page, table: string): Promise<Record<string, unknown>> {
  const stored = await page.evaluate(
    (id) =>
      new Promise<string>((ok, fail) => {
        const open = indexedDB.open('savanna-local');
        open.onerror = () => fail(open.error);
        open.onsuccess = () => {
          const get = open.result.transaction('tables').objectStore('tables').get(id);
          get.onsuccess = () => ok(typeof get.result?.record === 'string' ? get.result.record : JSON.stringify(get.result?.record ?? null));
          get.onerror = () => fail(get.error);
        };
      }),
    table,
  );
  const parsed = JSON.parse(stored.replace(/"seed":\s*(\d+)/g, '"seed":"seed:$1"')) as Record<string, unknown>;
  // The game record, or the host's wrapper around it.
  return ('actions' in parsed ? parsed : parsed.record) as Record<string, unknown>;
}

// What the page may never have received: a record or a seed, at any depth of any message the
// worker posted, server messages' texts included (an agent's description of its `seed`
// parameter is an object, not a seed). The views are compared with the seat's replayed ones by
// checkSecrecy.
function secretsIn(value: unknown, path: string): string[] {
  if (typeof value === 'string' && /^[[{]/.test(value)) {
    try {
      return secretsIn(JSON.parse(value), `${path}(text)`);
    } catch {
      return [];
    }
  }
  if (Array.isArray(value)) return value.flatMap((v, i) => secretsIn(v, `${path}[${i}]`));
  if (!value || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([k, v]) => [
    ...(k === 'record' || (k === 'seed' && (typeof v !== 'object' || v === null)) ? [`${path}.${k}`] : []),
    ...secretsIn(v, `${path}.${k}`),
  ]);
}

function expectNothingSecret(rec: LocalRecording): void {
  expect(rec.fromWorker.length).toBeGreaterThan(0);
  expect(secretsIn(rec.fromWorker, 'posted')).toEqual([]);
}

describe('the static site, served by a plain file server under a sub-path', () => {
  test('the lobby offers play on this device only, every AI level, and asks no /api', async () => {
    const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
    const { page, rec } = await openPage(context);
    await page.goto(site.url);
    await page.waitForSelector('form.create[data-where="local"]');
    expect(await page.locator('main.lobby').getAttribute('data-offers')).toBe('local');
    expect(await page.locator('[data-where-choice]').count()).toBe(0);
    const levels = await page.locator('#seat-1 option').allTextContents();
    for (const level of ['AI: random', 'AI: easy', 'AI: medium', 'AI: strong', 'AI: expert']) expect(levels.some((l) => l.startsWith(level))).toBe(true);
    // The thinking times come from the engine on the device.
    expect(levels.find((l) => l.startsWith('AI: medium'))).toMatch(/\(.*s a move\)/);
    await screenshot(page, 'static-lobby');
    expect(await violations(page)).toEqual([]);
    expect(rec.requests.filter((r) => r.path.includes('/api'))).toEqual([]);
    expect(rec.requests.every((r) => r.path.startsWith(SUB_PATH))).toBe(true);
    expect(rec.errors).toEqual([]);
    expect(rec.consoleErrors).toEqual([]);
    await context.close();
  });

  // Two seats (the quickest whole games), an AI level per game; every game is reloaded in the
  // middle, Kilimanjaro's tab closed and the game resumed from the lobby.
  const CASES = [
    { game: 'kariba', seats: ['human', 'medium'] },
    { game: 'kilimanjaro', seats: ['human', 'easy'], closeTab: true },
    { game: 'kap_kairo', seats: ['human', 'random'] },
    { game: 'kalimambo', seats: ['human', 'easy'] },
    { game: 'kitara', seats: ['human', 'random'] },
  ];
  for (const c of CASES) {
    test(`${c.game}: a whole game against ${c.seats[1]} on this device, ${c.closeTab ? 'closed and resumed' : 'reloaded'} in the middle`, async () => {
      const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
      const opened = await openPage(context);
      const rec = opened.rec;
      let page = opened.page;
      const random = rng(c.game.length * 104729);
      const started = Date.now();
      const table = await createLocal(page, c.game, c.seats);
      await page.waitForSelector('main.table-page[data-your-turn="yes"]', { timeout: 30000 });
      const before = await playTo(page, random, 8);
      expect(before).toBeGreaterThan(0);
      const log = await page.locator('.log li').count();
      if (c.closeTab) {
        await page.close();
        ({ page } = await openPage(context, rec));
        await page.goto(site.url);
        const row = page.locator(`[data-your-table="${table}"][data-where="local"]`);
        await row.waitFor();
        expect(await row.getAttribute('data-standing')).toBe('your turn');
        await page.locator(`[data-resume="${table}"]`).click();
      } else await page.reload();
      // The same game, where it was: the same moves made, the same log.
      await page.waitForSelector(`main.table-page[data-table="${table}"][data-your-turn="yes"]`, { timeout: 30000 });
      expect(Number(await attr(page, 'data-actions'))).toBe(before);
      expect(await page.locator('.log li').count()).toBe(log);
      const moves = await playToEnd([page], random, 300);
      expect(moves).toBeGreaterThan(0);
      await screenshot(page, `static-${c.game}-finished`);
      const seconds = (Date.now() - started) / 1000;
      console.log(`${c.game}: ${moves} moves of the person after the reload, ${seconds.toFixed(1)} s`);
      expect(rec.errors).toEqual([]);
      expect(rec.consoleErrors).toEqual([]);
      expect(rec.requests.filter((r) => r.path.includes('/api'))).toEqual([]);
      expectNothingSecret(rec);
      // Every view the page received is one the seat may see, and its log reads as the seat's.
      const recorded = await storedRecord(page, table);
      expect((recorded.result as { winners: number[] } | null)?.winners).toBeTruthy();
      expect(checkSecrecy(rec, replay(recorded, 0, site.dir))).toBeGreaterThan(moves / 2);
      // Nothing of it where the page keeps its own things.
      const kept = await page.evaluate(() => JSON.stringify({ ...localStorage }));
      expect(kept).not.toMatch(/seed|actions/);
      if (c.game === 'kariba') {
        // The review of the finished game, from the table's link.
        await page.locator('[data-review-link]').click();
        await page.waitForSelector(`main.review-page[data-review="${table}"] .board-wrap`);
        expect(page.url()).toContain(`#/local/review/${table}`);
        expect(rec.errors).toEqual([]);
      }
      await context.close();
    });
  }

  test('a hint and a take-back against an AI on this device', async () => {
    const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
    const { page, rec } = await openPage(context);
    await createLocal(page, 'kariba', ['human', 'random']);
    await page.waitForSelector('main.table-page[data-your-turn="yes"]', { timeout: 30000 });
    await page.locator('[data-ask-hint]').click();
    await page.waitForSelector('[data-hint-rate]', { timeout: 30000 });
    const hints = rec.messages.filter((m) => m.type === 'hints');
    expect(hints.length).toBe(1);
    const state = [...rec.messages].reverse().find((m) => m.type === 'state' && 'legal' in m)!;
    expect(hints[0].index).toBe(state.actions);
    for (const h of hints[0].hints as { action: string }[]) expect(state.legal).toContain(h.action);
    await expect(page.locator('[data-hint-best]').textContent()).resolves.toMatch(/The AI's pick: .+ \(\d+%\)/);
    await screenshot(page, 'static-hint');
    expect(await violations(page)).toEqual([]);
    // A move, the AI's answer, then the take-back: the position before the move again.
    const n = Number(await attr(page, 'data-actions'));
    await page.locator('.choices [data-action]').first().click();
    await page.waitForFunction((k) => {
      const main = document.querySelector('main.table-page');
      return Number(main?.getAttribute('data-actions')) > k + 1 && main?.getAttribute('data-your-turn') === 'yes';
    }, n);
    await page.locator('[data-take-back]').click();
    await page.waitForFunction((k) => Number(document.querySelector('main.table-page')?.getAttribute('data-actions')) === k, n);
    expect(rec.messages.some((m) => m.type === 'taken_back')).toBe(true);
    const last = [...rec.messages].reverse().find((m) => m.type === 'state')!;
    expect(canonicalLegal(last.legal)).toEqual(canonicalLegal(state.legal));
    expect(rec.errors).toEqual([]);
    expect(rec.consoleErrors).toEqual([]);
    expectNothingSecret(rec);
    await context.close();
  });
});

describe('the static site served by savanna serve', () => {
  test('the lobby offers online tables and play on this device, and a game on the device plays', async () => {
    const server = await startServer({}, STATIC_DIR);
    const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
    const { page, rec } = await openPage(context);
    try {
      await page.goto(`${server.url}/`);
      await page.waitForSelector('form.create[data-where="server"]');
      expect(await page.locator('main.lobby').getAttribute('data-offers')).toBe('server local');
      await page.locator('[data-where-choice="local"]').click();
      await page.waitForSelector('form.create[data-where="local"], main p.error[role="alert"]', { timeout: 30000 });
      // The server lets the engine's WebAssembly compile (its Content-Security-Policy).
      const refused = page.locator('main p.error[role="alert"]');
      if (await refused.count()) throw new Error(`the device cannot play here: ${await refused.first().textContent()}`);
      await screenshot(page, 'static-served-lobby');
      await page.locator('#game').selectOption('kariba');
      await page.locator('#seat-1').selectOption('random');
      await page.locator('[data-create]').click();
      await page.waitForSelector('main.table-page[data-your-turn="yes"]', { timeout: 30000 });
      expect(page.url()).toContain('#/local/t/');
      const n = Number(await attr(page, 'data-actions'));
      await page.locator('.choices [data-action]').first().click();
      await page.waitForFunction((k) => Number(document.querySelector('main.table-page')?.getAttribute('data-actions')) > k, n);
      // The server's own tables are not where this one is.
      const listed = (await (await fetch(`${server.url}/api/tables`)).json()) as { tables: unknown[] };
      expect(listed.tables).toEqual([]);
      expect(rec.errors).toEqual([]);
      expect(rec.consoleErrors).toEqual([]);
    } finally {
      await context.close();
      await server.stop();
    }
  });
});

function canonicalLegal(legal: unknown): string[] {
  return [...((legal as string[] | undefined) ?? [])].sort();
}
