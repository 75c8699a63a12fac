// The screenshots of docs/web.md, made by scripts/web_screenshots.sh (not a ctest: it writes
// into the source tree), each at 1366x768 and 390x844: every game a few moves into a game against
// random seats (four players, Kalimambo five; Kitara further on, so that a round summary shows),
// the first screen as a player sees it; the lobby; and the table's newer parts where they stand:
// Kilimanjaro's first question, Kitara's warning before cards go unfed, the coach's hints drawn
// on the board, and the chat between two people. The layout test (layout.test.ts) holds the same pages to the rules of a readable page.
import type { Page } from 'playwright-core';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { browser, createTable, makeMove, rng, server, useServerAndBrowser } from './harness.ts';
import { GAMES, SIZES } from './sizes.ts';

useServerAndBrowser();

const OUT = process.env.SAVANNA_SCREENSHOTS ?? '';
// JPEG for the docs; PNG (SAVANNA_SCREENSHOTS_FORMAT=png) to look at them losslessly.
const PNG = process.env.SAVANNA_SCREENSHOTS_FORMAT === 'png';
const shot = (page: Page, name: string) =>
  page.screenshot(PNG ? { path: join(OUT, `${name}.png`), type: 'png' } : { path: join(OUT, `${name}.jpg`), type: 'jpeg', quality: 75 });

// Moves for the seat until `n` are made, the game ends or `stop` holds (checked before each).
async function movesMade(page: Page, random: () => number, n: number, stop?: () => Promise<boolean>): Promise<boolean> {
  const deadline = Date.now() + 60_000;
  for (let made = 0; made < n && Date.now() < deadline; ) {
    if ((await page.locator('main.table-page').getAttribute('data-status')) !== 'playing') return false;
    if (stop && (await stop())) return true;
    if (await makeMove(page, random)) made++;
    else await page.waitForTimeout(40);
  }
  return false;
}

// The part of the page `selector` names brought into the viewport from the top, after the last
// move's flash.
async function showing(page: Page, selector: string): Promise<void> {
  await page.waitForTimeout(1500);
  await page.evaluate((s) => {
    const el = document.querySelector(s);
    if (el) scrollTo(0, Math.max(0, el.getBoundingClientRect().top + scrollY - 8));
  }, selector);
}

const MOVES: Record<string, number> = { kitara: 12 };

test.runIf(OUT !== '')('every game, the newer parts of the table and the lobby at both sizes', async () => {
  mkdirSync(OUT, { recursive: true });
  for (const size of ['laptop', 'phone'] as const) {
    const context = await browser.newContext(SIZES[size]);
    const page = await context.newPage();
    for (const g of GAMES) {
      await createTable(page, server.url, g.game, g.players, ['human', ...Array<string>(g.players - 1).fill('random')], {}, 'Ada');
      await page.waitForSelector('main.table-page[data-status="playing"] svg.board');
      await movesMade(page, rng(g.game.length * 7 + size.length), MOVES[g.game] ?? 8);
      await page.waitForSelector('main.table-page[data-waiting="no"]');
      await page.waitForTimeout(1500); // past the last move's flash
      await page.evaluate(() => scrollTo(0, 0));
      await shot(page, `docs-${g.game}-${size}`);
    }

    // Kilimanjaro's move panel asks the same first question at every placement.
    await createTable(page, server.url, 'kilimanjaro', 3, ['human', 'random', 'random'], {}, 'Ada');
    await page.waitForSelector('main[data-your-turn="yes"] [data-steps]');
    await showing(page, '.your-move');
    await shot(page, `docs-kilimanjaro-first-step-${size}`);

    // Kitara warns before a move that leaves cards unfed (played at random until one does).
    await createTable(page, server.url, 'kitara', 2, ['human', 'random'], {}, 'Ada');
    await page.waitForSelector('main.table-page[data-status="playing"] svg.board');
    const warned = await movesMade(page, rng(31 + size.length), 200, async () => (await page.locator('[data-warning]').count()) > 0);
    expect(warned, 'a Kitara warning within 200 moves').toBe(true);
    await page.waitForTimeout(1500); // the warning took the focus, which brought it into view
    await shot(page, `docs-kitara-warning-${size}`);

    // Two people at a table talk; Bo's browser is a laptop's.
    await createTable(page, server.url, 'kariba', 2, ['human', 'human'], {}, 'Ada');
    const link = await page.locator('.invite input').inputValue();
    const other = await browser.newContext(SIZES.laptop);
    const bo = await other.newPage();
    await bo.goto(server.url + '/');
    await bo.locator('#name').fill('Bo');
    await bo.goto(link);
    await page.waitForSelector('main[data-status="playing"] [data-chat-input]');
    const say = async (p: Page, text: string) => {
      await p.locator('[data-chat-input]').fill(text);
      await p.locator('[data-chat-send]').click();
    };
    await say(page, 'Good luck, Bo!');
    await bo.waitForSelector('[data-chat-lines] li');
    await say(bo, 'Thanks, you too. Mind the crocodiles.');
    await page.waitForFunction(() => document.querySelectorAll('[data-chat-lines] li').length === 2);
    await showing(page, '.chat');
    await shot(page, `docs-chat-${size}`);
    await other.close();

    // The coach: hints on the choices and drawn on the board, against two random seats.
    await createTable(page, server.url, 'kariba', 3, ['human', 'random', 'random'], {}, 'Ada');
    await page.waitForSelector('main.table-page[data-your-turn="yes"]');
    await page.locator('[data-ask-hint]').click();
    await page.waitForSelector('[data-hint-badge]', { timeout: 30000 });
    await showing(page, size === 'phone' ? '.board' : 'main.table-page');
    await shot(page, `docs-coach-${size}`);

    await page.goto(server.url + '/');
    await page.locator('#game').selectOption('kariba');
    await page.waitForSelector('[data-your-table]');
    await shot(page, `docs-lobby-${size}`);
    await context.close();
  }
});
