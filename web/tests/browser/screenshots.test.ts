// The screenshots of docs/web.md, made by scripts/web_screenshots.sh (not a ctest: it writes
// into the source tree): each game at 1366x768 and 390x844, a few moves into a game against
// random seats (four players, Kalimambo five), the first screen as a player sees it; and the
// lobby. The layout test (layout.test.ts) holds the same pages to the rules of a readable page.
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

async function movesMade(page: Page, random: () => number, n: number): Promise<void> {
  const deadline = Date.now() + 40_000;
  for (let made = 0; made < n && Date.now() < deadline; ) {
    if ((await page.locator('main.table-page').getAttribute('data-status')) !== 'playing') return;
    if (await makeMove(page, random)) made++;
    else await page.waitForTimeout(40);
  }
}

test.runIf(OUT !== '')('every game and the lobby at both sizes', async () => {
  mkdirSync(OUT, { recursive: true });
  for (const size of ['laptop', 'phone'] as const) {
    const context = await browser.newContext(SIZES[size]);
    const page = await context.newPage();
    for (const g of GAMES) {
      await createTable(page, server.url, g.game, g.players, ['human', ...Array<string>(g.players - 1).fill('random')], {}, 'Ada');
      await page.waitForSelector('main.table-page[data-status="playing"] svg.board');
      await movesMade(page, rng(g.game.length * 7 + size.length), 8);
      await page.waitForSelector('main.table-page[data-waiting="no"]');
      await page.waitForTimeout(1500); // past the last move's flash
      await page.evaluate(() => scrollTo(0, 0));
      await shot(page, `docs-${g.game}-${size}`);
    }
    await page.goto(server.url + '/');
    await page.locator('#game').selectOption('kariba');
    await page.waitForSelector('[data-your-table]');
    await shot(page, `docs-lobby-${size}`);
    await context.close();
  }
  expect(true).toBe(true);
});
