// Accessibility: axe-core (pinned in package.json) finds no violation on the lobby, a rules page,
// the rules dialog and each game's board, at a laptop's size and a phone's.
import { describe, expect, test } from 'vitest';
import { browser, createTable, makeMove, rng, server, useServerAndBrowser, violations } from './harness.ts';

useServerAndBrowser();

// The server's Content-Security-Policy forbids inline scripts; the test's contexts bypass it to
// inject axe (the page itself runs under the policy as served).
const SIZES = {
  laptop: { viewport: { width: 1366, height: 768 }, bypassCSP: true },
  phone: { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, bypassCSP: true },
};

describe('axe-core finds no violation', () => {
  for (const [size, options] of Object.entries(SIZES)) {
    test(`lobby and rules pages, ${size}`, async () => {
      const context = await browser.newContext(options);
      const page = await context.newPage();
      await page.goto(server.url + '/');
      await page.waitForSelector('#game');
      expect(await violations(page), 'lobby').toEqual([]);
      for (const game of ['kariba', 'kitara']) {
        await page.goto(`${server.url}/#/rules/${game}`);
        await page.waitForSelector(`[data-rules="${game}"]`);
        expect(await violations(page), `rules of ${game}`).toEqual([]);
      }
      await context.close();
    });

    for (const [game, players] of [['kariba', 3], ['kilimanjaro', 3], ['kap_kairo', 3], ['kalimambo', 3], ['kitara', 3]] as const)
      test(`${game} board, ${size}`, async () => {
        const context = await browser.newContext(options);
        const page = await context.newPage();
        await createTable(page, server.url, game, players, ['human', ...Array(players - 1).fill('random')]);
        await page.waitForSelector('main.table-page[data-status="playing"] svg.board');
        const random = rng(players * 17);
        for (let i = 0; i < 3; i++) if (!(await makeMove(page, random))) await page.waitForTimeout(200);
        expect(await violations(page), `${game} board`).toEqual([]);
        if (game === 'kitara') {
          await page.locator('[data-open-rules]').click();
          await page.waitForSelector('dialog.rules-dialog [data-rules]');
          expect(await violations(page), 'rules dialog').toEqual([]);
        }
        await context.close();
      });
  }
});
