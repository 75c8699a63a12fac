// The screenshots of play on this device in docs/web.md and docs/static.md, made by
// scripts/web_screenshots.sh when build/static holds the site (not a ctest: it writes into the
// source tree), each at 1366x768 and 390x844: the static site's lobby (served by a plain file
// server, so it offers only this device) with a game in its list, and a table on the device a
// few moves in, against AI seats.
import type { Page } from 'playwright-core';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, test } from 'vitest';
import { launchBrowser, makeMove, rng } from './harness.ts';
import type { Browser } from 'playwright-core';
import { SIZES } from './sizes.ts';
import { startStaticServer, type StaticServer } from './static_server.ts';

const OUT = process.env.SAVANNA_SCREENSHOTS ?? '';
const PNG = process.env.SAVANNA_SCREENSHOTS_FORMAT === 'png';
const shot = (page: Page, name: string) =>
  page.screenshot(PNG ? { path: join(OUT, `${name}.png`), type: 'png' } : { path: join(OUT, `${name}.jpg`), type: 'jpeg', quality: 75 });

let site: StaticServer;
let browser: Browser;
beforeAll(async () => {
  if (OUT === '') return;
  site = await startStaticServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

test.runIf(OUT !== '')('the lobby and a table on this device at both sizes', async () => {
  mkdirSync(OUT, { recursive: true });
  for (const size of ['laptop', 'phone'] as const) {
    const context = await browser.newContext(SIZES[size]);
    const page = await context.newPage();
    await page.goto(site.url);
    await page.waitForSelector('form.create[data-where="local"]');
    await page.locator('#game').selectOption('kap_kairo');
    await page.locator('#players').fill('3');
    await page.locator('#seat-1').selectOption('medium');
    await page.locator('#seat-2').selectOption('easy');
    await page.locator('#name').fill('Ada');
    await page.locator('[data-create]').click();
    await page.waitForSelector('main.table-page[data-your-turn="yes"] svg.board', { timeout: 30000 });
    const random = rng(size.length * 13);
    for (let made = 0; made < 6; ) {
      if (await makeMove(page, random)) made++;
      else await page.waitForTimeout(40);
    }
    await page.waitForSelector('main.table-page[data-your-turn="yes"][data-waiting="no"]', { timeout: 30000 });
    await page.waitForTimeout(1500); // past the last move's flash
    await page.evaluate(() => scrollTo(0, 0));
    await shot(page, `docs-local-table-${size}`);
    await page.goto(site.url);
    await page.waitForSelector('[data-your-table][data-where="local"]');
    await shot(page, `docs-local-lobby-${size}`);
    await context.close();
  }
});
