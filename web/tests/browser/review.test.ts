// The review of a finished game: before the end its link says the game is not over (and the
// server replays nothing); after a game against AI played to the end by clicking, the table's
// Review link opens it at the deal as the player's seat; stepping with the buttons and the
// keyboard shows the board and the log of each step, exactly the views and log the record
// replays to for that viewer (`savanna replay --player P --steps`); switching the viewer shows
// another seat's or the spectator's; the share link opens the same review in a fresh browser
// context; axe-core finds no violation on the page at a laptop's and a phone's size.
import type { Page, Response } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { makeChecker } from '../../scripts/schemas.mjs';
import {
  browser,
  canonical,
  createTable,
  fetchRecord,
  newPage,
  playToEnd,
  replay,
  rng,
  screenshot,
  server,
  useServerAndBrowser,
  violations,
  type Replayed,
} from './harness.ts';

useServerAndBrowser();

const checker = makeChecker();

interface ReviewStep {
  viewer: number | 'spectator';
  step: number;
  steps: number;
  view: unknown;
  log: { index: number; player: number; action: string; story?: string }[];
  result: unknown;
}

// Every review reply a page receives; each is checked against schemas/ (problems are kept in
// `schemaProblems`, which must stay empty).
const schemaProblems: string[] = [];
function recordReviews(page: Page): ReviewStep[] {
  const replies: ReviewStep[] = [];
  page.on('response', (r: Response) => {
    const path = new URL(r.url()).pathname;
    if (!path.endsWith('/review')) return;
    void r.text().then((body) => {
      const problems = checker.httpReply('GET', path, r.status(), r.headers()['content-type'] ?? '', body);
      if (problems?.length) schemaProblems.push(...problems);
      if (r.ok()) replies.push(JSON.parse(body) as ReviewStep);
    });
  });
  return replies;
}

async function shownStep(page: Page): Promise<{ step: number; viewer: string; log: number }> {
  const main = page.locator('main.review-page');
  return {
    step: Number(await main.getAttribute('data-step')),
    viewer: (await main.getAttribute('data-viewer')) ?? '',
    log: await page.locator('.log [data-log-index]').count(),
  };
}

async function waitForStep(page: Page, step: number, viewer: string): Promise<void> {
  await page.waitForSelector(`main.review-page[data-step="${step}"][data-viewer="${viewer}"]`);
}

// The page's latest reply for this step and viewer is the record's replay for that viewer.
async function expectReplayed(replies: ReviewStep[], step: number, replayed: Replayed, viewer: number | 'spectator'): Promise<void> {
  const find = () => [...replies].reverse().find((r) => r.step === step && r.viewer === viewer);
  for (let i = 0; i < 50 && !find(); i++) await new Promise((ok) => setTimeout(ok, 20));
  const reply = find();
  expect(reply, `a reply for step ${step} as ${viewer}`).toBeTruthy();
  expect(canonical(reply!.view)).toBe(canonical(replayed.byActions[step]));
  // Kariba is sequential: the log at step k is the first k moves, as this viewer reads them.
  expect(reply!.log.map((e) => ({ player: e.player, action: e.action, ...(e.story !== undefined ? { story: e.story } : {}) }))).toEqual(replayed.log.slice(0, step));
}

describe('the review of a finished game', () => {
  test('step through a game against AI from every view, and share it', async () => {
    const { context, page } = await newPage(browser);
    const table = await createTable(page, server.url, 'kariba', 2, ['human', 'random']);

    // Before the end, the review's link says so; the server replays nothing.
    const early = await context.newPage();
    const earlyReplies = recordReviews(early);
    await early.goto(`${server.url}/#/review/${table}`);
    await early.waitForSelector('main.review-page[data-review-error="not_finished"]');
    await expect(early.locator('[role="alert"]').textContent()).resolves.toMatch(/not over yet/);
    expect(await early.locator('svg.board').count()).toBe(0);
    expect(earlyReplies).toEqual([]);
    await early.close();

    await playToEnd([page], rng(1919));
    const record = await fetchRecord(server.url, table);
    const n = (record.actions as unknown[]).length;
    const mine = replay(record, 0, server.dir);
    const theirs = replay(record, 1, server.dir);
    const everyone = replay(record, 'spectator', server.dir);

    // The finished table links to its review, which opens at the deal as this browser's seat.
    const replies = recordReviews(page);
    await page.locator('[data-review-link]').click();
    await waitForStep(page, 0, '0');
    expect(await page.locator('main.review-page').getAttribute('data-steps')).toBe(String(n));
    expect(await page.locator('svg.board').count()).toBeGreaterThan(0);
    await expectReplayed(replies, 0, mine, 0);
    expect((await shownStep(page)).log).toBe(0);

    // Buttons and keys step; the log grows with the steps, the latest move highlighted.
    await page.locator('[data-step-to="next"]').click();
    await waitForStep(page, 1, '0');
    await page.locator('[data-step-to="next"]').click();
    await waitForStep(page, 2, '0');
    await page.locator('main.review-page h1').click(); // the page, not a control, has the focus
    await page.keyboard.press('ArrowRight');
    await waitForStep(page, 3, '0');
    expect(await shownStep(page)).toEqual({ step: 3, viewer: '0', log: 3 });
    expect(await page.locator('.log li.last').getAttribute('data-log-index')).toBe('2');
    // The last move in words: the story of the third move, its seats named ("You" for seat 0).
    const story = mine.log[2].story!.replace(/\{P(\d)('s)?\}/g, (_m, seat: string, poss?: string) => (seat === '0' ? (poss ? 'your' : 'you') : ''));
    const line = (await page.locator('[data-last-move]').textContent())!.toLowerCase();
    for (const word of story.split(/\s+/).filter((w) => w.length > 3)) expect(line).toContain(word.toLowerCase().replace(/[.,;]$/, ''));
    await expectReplayed(replies, 3, mine, 0);
    await page.keyboard.press('ArrowLeft');
    await waitForStep(page, 2, '0');
    await expectReplayed(replies, 2, mine, 0);
    await page.keyboard.press('End');
    await waitForStep(page, n, '0');
    await expectReplayed(replies, n, mine, 0);
    // Seen by the seat this browser held: "you".
    await expect(page.locator('[data-review-result] [data-outcome]').textContent()).resolves.toMatch(/^You (won!|lost: |shared the win)/);
    await page.locator('[data-step-to="prev"]').click();
    await waitForStep(page, n - 1, '0');
    expect(await page.locator('[data-review-result]').count()).toBe(0);
    await page.keyboard.press('Home');
    await waitForStep(page, 0, '0');
    // Held down, the arrow keys leave the page on the step asked for last.
    for (let i = 0; i < 12; i++) await page.keyboard.press('ArrowRight');
    await waitForStep(page, 12, '0');
    await expectReplayed(replies, 12, mine, 0);

    // Another seat's view, then the spectator's, at the same step.
    await page.locator('[data-review-viewer]').selectOption('1');
    await waitForStep(page, 12, '1');
    await expectReplayed(replies, 12, theirs, 1);
    await page.locator('[data-review-viewer]').selectOption('spectator');
    await waitForStep(page, 12, 'spectator');
    await expectReplayed(replies, 12, everyone, 'spectator');
    expect(await page.locator('[data-hand-animal]').count()).toBe(0);
    await screenshot(page, 'review-kariba-step12-spectator');

    // The share link opens the review in a fresh context (no seat held: the spectator's view).
    const link = await page.locator('[data-link="review"]').inputValue();
    expect(link).toBe(`${server.url}/#/review/${table}`);
    await page.locator('[data-copy-link="review"]').click();
    // The clipboard answers in its own time: copied, or (refused) the link is selected instead.
    await page.waitForFunction(() => /Copied|Selected/.test(document.querySelector('.share [role="status"]')?.textContent ?? ''));
    const fresh = await browser.newContext({ viewport: { width: 1366, height: 768 }, bypassCSP: true });
    const other = await fresh.newPage();
    const otherReplies = recordReviews(other);
    await other.goto(link);
    await waitForStep(other, 0, 'spectator');
    await expectReplayed(otherReplies, 0, everyone, 'spectator');
    expect(await violations(other), 'the review page, laptop').toEqual([]);
    await other.locator('[data-step-to="last"]').click();
    await waitForStep(other, n, 'spectator');
    await expectReplayed(otherReplies, n, everyone, 'spectator');
    expect(await violations(other), 'the review page at the end, laptop').toEqual([]);
    await fresh.close();
    expect(schemaProblems).toEqual([]);

    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, bypassCSP: true });
    let small = await phone.newPage();
    // A link past the end, or naming a seat the game does not have, is brought within it.
    await small.goto(`${server.url}/#/review/${table}/7/99999`);
    await waitForStep(small, n, 'spectator');
    await small.close();
    small = await phone.newPage();
    await small.goto(`${server.url}/#/review/${table}/0/5`);
    await waitForStep(small, 5, '0');
    expect(await violations(small), 'the review page, phone').toEqual([]);
    expect(await small.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await screenshot(small, 'review-kariba-phone');
    await phone.close();
    await context.close();
  });
});
