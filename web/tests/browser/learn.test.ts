// Learning and layouts: every board at a laptop's 1366x768 and a phone's 390x844 without the page
// scrolling sideways (a screenshot of each kept with the test artifacts); Kariba's cards of one animal
// fanned and counted, and on a phone its opponents, score piles and draw pile on screen without
// scrolling inside the board; a player joining by link without a name is `Guest N`; the rules of
// every game reachable from the lobby and, as a dialog, from a table in the middle of a game.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { browser, createTable, makeMove, record, rng, screenshot, server, useServerAndBrowser } from './harness.ts';

useServerAndBrowser();

const SIZES = {
  laptop: { viewport: { width: 1366, height: 768 } },
  phone: { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true },
} as const;
type Size = keyof typeof SIZES;

async function open(b: Browser, size: Size): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await b.newContext(SIZES[size]);
  const page = await context.newPage();
  const rec = record(page);
  return { context, page, errors: rec.errors };
}

async function movesMade(page: Page, random: () => number, n: number): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (let made = 0; made < n && Date.now() < deadline; ) {
    if ((await page.locator('main.table-page').getAttribute('data-status')) !== 'playing') return;
    if (await makeMove(page, random)) made++;
    else await page.waitForTimeout(40);
  }
}

// How far the page, and each drawing of the board, would scroll sideways.
async function overflow(page: Page): Promise<{ page: number; inside: number }> {
  return page.evaluate(() => {
    const el = document.documentElement;
    let inside = 0;
    // Kitara's kingdoms (a row of up to a dozen cards per player) may scroll in their own frame.
    for (const e of document.querySelectorAll('.board-wrap, .board-wrap .part:not(.kingdoms)'))
      inside = Math.max(inside, e.scrollWidth - e.clientWidth);
    return { page: el.scrollWidth - window.innerWidth, inside };
  });
}

const BOARDS: { game: string; players: number; seats: string[] }[] = [
  { game: 'kariba', players: 3, seats: ['human', 'random', 'random'] },
  { game: 'kilimanjaro', players: 3, seats: ['human', 'random', 'random'] },
  { game: 'kap_kairo', players: 3, seats: ['human', 'random', 'random'] },
  { game: 'kalimambo', players: 3, seats: ['human', 'random', 'random'] },
  { game: 'kitara', players: 4, seats: ['human', 'random', 'random', 'random'] },
];

describe('every board at 1366x768 and 390x844', () => {
  for (const b of BOARDS)
    for (const size of ['laptop', 'phone'] as Size[])
      test(`${b.game} ${size}`, async () => {
        const { context, page, errors } = await open(browser, size);
        await createTable(page, server.url, b.game, b.players, b.seats);
        await page.waitForSelector('main.table-page[data-status="playing"] svg.board');
        await movesMade(page, rng(b.game.length * 31 + size.length), 4);
        // The last move: in words above the board (the log's latest entry) and drawn on it (an
        // outline or an arrow). Vom Kap bis Kairo writes its last auction under its rows and
        // outlines only a build; Kitara's `end moves` changes nothing on the board, so it is only
        // in words (which of the four moves ends the test depends on the random seats' play).
        const shown = await page.evaluate(() => {
          const latest = document.querySelector('.log li.last');
          const line = document.querySelector('[data-last-move]');
          return {
            index: latest?.getAttribute('data-log-index'),
            what: latest?.querySelector('.what')?.textContent,
            lineIndex: line?.getAttribute('data-last-move'),
            line: line?.textContent,
            drawn: document.querySelectorAll('.board-wrap .last, .board-wrap .move-arrow').length,
          };
        });
        expect(shown.index).toBeTruthy();
        expect(shown.lineIndex).toBe(shown.index);
        expect(shown.line).toContain(shown.what);
        if (b.game !== 'kap_kairo' && shown.what !== 'end moves') expect(shown.drawn, `the last move drawn: ${shown.what}`).toBeGreaterThan(0);
        const o = await overflow(page);
        expect(o.page, 'the page scrolls sideways').toBeLessThanOrEqual(0);
        // Kariba and Kitara are drawn to fit the width; the other boards may scroll in their frame.
        if (b.game === 'kariba' || b.game === 'kitara') expect(o.inside, 'the board scrolls sideways').toBeLessThanOrEqual(1);
        // Every score column explains itself on hover.
        const headers = await page.locator('.seats thead th').count();
        const explained = await page.locator('.seats thead th[data-score-help]').evaluateAll((ths) => ths.map((t) => t.getAttribute('title') ?? ''));
        expect(explained.length).toBe(headers - 3);
        for (const t of explained) expect(t.length).toBeGreaterThan(20);
        await screenshot(page, `board-${b.game}-${size}`);
        expect(errors).toEqual([]);
        await context.close();
      });
});

describe('Kariba', () => {
  test('cards of one animal are fanned and counted; on a phone everybody is on screen', async () => {
    const { context, page } = await open(browser, 'phone');
    await createTable(page, server.url, 'kariba', 3, ['human', 'random', 'random']);
    await page.waitForSelector('[data-hand-animal]');
    const random = rng(5);
    let checkedCounts = 0;
    for (let move = 0; move < 40 && checkedCounts < 3; move++) {
      // One evaluation that both finds and measures the groups: a locator's evaluateAll finds them
      // first, and a group the next update replaced in between would measure as detached (0 wide).
      const groups = await page.evaluate(() =>
        [...document.querySelectorAll('[data-hand-animal]')].map((g) => {
          const r = g.getBoundingClientRect();
          return { count: Number(g.getAttribute('data-count')), badge: g.querySelector('.count-badge')?.textContent ?? null, left: r.left, right: r.right, top: r.top, bottom: r.bottom, cards: g.querySelectorAll('.card').length };
        }),
      );
      for (const g of groups) {
        expect(g.cards).toBe(g.count);
        if (g.count > 1) {
          expect(g.badge).toBe(`×${g.count}`);
          checkedCounts++;
        } else expect(g.badge).toBeNull();
      }
      // The groups lie side by side (wrapping on a narrow screen), never on top of each other.
      for (let i = 0; i < groups.length; i++)
        for (let j = i + 1; j < groups.length; j++) {
          const [a, b] = [groups[i], groups[j]];
          const overlap = Math.min(a.right, b.right) - Math.max(a.left, b.left) > 0.5 && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 0.5;
          expect(overlap, `hand groups ${i} and ${j} overlap`).toBe(false);
        }
      // On the phone: the pile, every player's row and score pile are within the screen's width.
      const visible = await page.evaluate(() =>
        [...document.querySelectorAll('[data-key="pile"], [data-target="pile"], [data-seat-row], [data-score-pile]')].map((e) => {
          const r = e.getBoundingClientRect();
          return { left: r.left, right: r.right, what: e.getAttribute('data-seat-row') ?? e.getAttribute('data-score-pile') ?? 'pile' };
        }),
      );
      expect(visible.length).toBe(1 + 3 + 3);
      for (const v of visible) {
        expect(v.left, v.what).toBeGreaterThanOrEqual(0);
        expect(v.right, v.what).toBeLessThanOrEqual(390);
      }
      if ((await page.locator('main.table-page').getAttribute('data-status')) !== 'playing') break;
      await movesMade(page, random, 1);
    }
    expect(checkedCounts, 'no hand held two cards of one animal').toBeGreaterThan(0);
    expect((await overflow(page)).inside).toBeLessThanOrEqual(1);
    await context.close();
  });
});

describe('names', () => {
  test('a player who joins by link without a name is Guest N, never "human"', async () => {
    const host = await open(browser, 'laptop');
    const table = await createTable(host.page, server.url, 'kariba', 3, ['human', 'random', 'human'], {}, 'Host');
    const guest = await open(browser, 'phone');
    await guest.page.goto(`${server.url}/#/t/${table}/seat/2`);
    await guest.page.waitForSelector('main.table-page[data-viewer="2"][data-status="playing"]');
    for (const page of [host.page, guest.page]) {
      await page.waitForFunction(() => document.querySelector('.seats tr[data-seat="2"]')?.textContent?.includes('Guest 3'));
      expect(await page.locator('.seats').textContent()).not.toMatch(/human/i);
      expect(await page.locator('.seats tr[data-seat="0"]').textContent()).toContain('Host');
    }
    const summary = (await (await fetch(`${server.url}/api/tables/${table}`)).json()) as { seats: { name?: string }[] };
    expect(summary.seats[2].name).toBe('Guest 3');
    await host.context.close();
    await guest.context.close();
  });
});

describe('rules', () => {
  test('every game has a rules page with drawn examples, linked from the lobby', async () => {
    const { context, page, errors } = await open(browser, 'phone');
    await page.goto(server.url + '/');
    await page.locator('#game').selectOption('kalimambo');
    await page.locator('[data-rules-for="kalimambo"]').click();
    await page.waitForSelector('[data-rules="kalimambo"]');
    for (const game of ['kariba', 'kilimanjaro', 'kap_kairo', 'kalimambo', 'kitara']) {
      await page.goto(`${server.url}/#/`);
      await page.locator(`[data-rules-link="${game}"]`).click();
      await page.waitForSelector(`[data-rules="${game}"]`);
      expect(await page.locator('.rule-example svg').count(), game).toBeGreaterThanOrEqual(1);
      expect(await page.locator('.rules h1').textContent()).toMatch(/^How to play /);
      const o = await overflow(page);
      expect(o.page, game).toBeLessThanOrEqual(0);
      await screenshot(page, `rules-${game}-phone`);
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  test('a table opens its game rules at any moment and the game goes on', async () => {
    const { context, page, errors } = await open(browser, 'laptop');
    await createTable(page, server.url, 'kitara', 2, ['human', 'random']);
    await page.waitForSelector('main.table-page[data-status="playing"][data-your-turn="yes"]');
    await page.locator('[data-open-rules]').click();
    const dialog = page.locator('dialog.rules-dialog');
    await dialog.locator('[data-rules="kitara"]').waitFor();
    expect(await dialog.evaluate((d) => (d as HTMLDialogElement).open)).toBe(true);
    expect(await dialog.locator('.symbol-legend [data-symbol]').count()).toBe(7);
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => !(document.querySelector('dialog.rules-dialog') as HTMLDialogElement).open);
    const before = Number(await page.locator('main.table-page').getAttribute('data-actions'));
    await movesMade(page, rng(3), 1);
    await page.waitForFunction((n) => Number(document.querySelector('main.table-page')?.getAttribute('data-actions')) > n, before);
    expect(await page.locator('.conn').textContent()).toBe('connected');
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('first-game guide', () => {
  test('explains the decision and the last move on the first table of a game, and can be switched off', async () => {
    const { context, page, errors } = await open(browser, 'phone');
    await createTable(page, server.url, 'kariba', 2, ['human', 'random']);
    await page.waitForSelector('main.table-page[data-your-turn="yes"] .guide[data-guide="on"]');
    expect(await page.locator('[data-guide-tip]').textContent()).toMatch(/^Now: Choose an animal/);
    await movesMade(page, rng(11), 1);
    // The AI's answer comes back: the guide names the last mover and what it did.
    await page.waitForFunction(() => /P1 AI random/.test(document.querySelector('[data-guide-last]')?.textContent ?? ''));
    const last = (await page.locator('.log li.last .what').textContent())!;
    const told = (await page.locator('[data-guide-last]').textContent())!;
    // Either the move as logged, or (a chase) the animals it names.
    expect(told.includes(last) || /chased/.test(told), told).toBe(true);
    await page.locator('[data-guide-switch]').uncheck();
    expect(await page.locator('.guide').getAttribute('data-guide')).toBe('off');
    expect(await page.locator('[data-guide-tip]').count()).toBe(0);
    await page.reload();
    await page.waitForSelector('main.table-page[data-status="playing"] .guide');
    expect(await page.locator('.guide').getAttribute('data-guide')).toBe('off');
    await page.locator('[data-guide-switch]').check();
    await page.waitForSelector('[data-guide-tip]');
    // A second table of the same game has no guide; the first of another game has one.
    await createTable(page, server.url, 'kariba', 2, ['human', 'random']);
    await page.waitForSelector('main.table-page[data-status="playing"] svg.board');
    expect(await page.locator('.guide').count()).toBe(0);
    await createTable(page, server.url, 'kalimambo', 2, ['human', 'random']);
    await page.waitForSelector('main.table-page[data-your-turn="yes"] [data-guide-tip]');
    expect(await page.locator('[data-guide-tip]').textContent()).toMatch(/Choose a card secretly/);
    expect(errors).toEqual([]);
    await context.close();
  });
});
