// Two people at one table, each in their own browser context (one a phone), and a spectator in a
// third: the join link, sealed simultaneous choices, a reload that keeps the seat, the game played
// to the end, every message of all three checked against what each may see, and a rematch that
// both follow.
import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import {
  browser,
  checkSecrecy,
  createTable,
  fetchRecord,
  makeMove,
  newPage,
  playToEnd,
  replay,
  rng,
  screenshot,
  server,
  useServerAndBrowser,
} from './harness.ts';

useServerAndBrowser();

test('kalimambo with two people and a spectator', async () => {
  const ada = await newPage(browser);
  const bo = await newPage(browser, true);
  const watcher = await newPage(browser);
  const random = rng(2024);

  const table = await createTable(ada.page, server.url, 'kalimambo', 2, ['human', 'human'], {}, 'Ada');
  await ada.page.waitForSelector('main[data-status="waiting"]');
  const link = await ada.page.locator('.invite input').inputValue();
  expect(link).toBe(`${server.url}/#/t/${table}/seat/1`);
  // The join link has a Copy button (the clipboard answers in its own time: copied, or where it
  // is refused the link is selected for Ctrl+C).
  await ada.page.locator('[data-copy-link="join-1"]').click();
  await ada.page.waitForFunction(() => /Copied|Selected/.test(document.querySelector('.invite [role="status"]')?.textContent ?? ''));
  await screenshot(ada.page, 'two-players-waiting');

  await bo.page.goto(server.url + '/');
  await bo.page.locator('#name').fill('Bo');
  await bo.page.goto(link);
  await bo.page.waitForSelector('main[data-status="playing"][data-viewer="1"]');
  await ada.page.waitForSelector('main[data-status="playing"]');

  // The spectator finds the table in the lobby's list and watches it.
  await watcher.page.goto(server.url + '/');
  await watcher.page.locator(`[data-watch="${table}"]`).click();
  await watcher.page.waitForSelector('main[data-viewer="spectator"]');

  // Chat between the two: Bo reads Ada's line as the text she typed (markup shown, never run);
  // the spectator has no chat and receives none.
  const line = '<b>good luck</b> & <img src=x onerror="document.title=1">';
  await ada.page.locator('[data-chat-input]').fill(line);
  await ada.page.locator('[data-chat-send]').click();
  await bo.page.waitForSelector('[data-chat-lines] li');
  // On Bo's phone the chat lies below the board: a notice under the turn line shows the line
  // until he has seen the chat (a press takes him there).
  const notice = bo.page.locator('[data-chat-notice]');
  await notice.waitFor();
  expect(await notice.textContent()).toContain(`Ada: ${line}`);
  await notice.click();
  await bo.page.waitForFunction(() => document.activeElement?.hasAttribute('data-chat-input'));
  await bo.page.waitForSelector('[data-chat-notice]', { state: 'detached' });
  expect(await bo.page.locator('[data-chat-lines] li .chat-text').textContent()).toBe(line);
  expect(await bo.page.locator('[data-chat-lines] b, [data-chat-lines] img').count()).toBe(0);
  expect(await bo.page.locator('[data-chat-lines] li strong').textContent()).toBe('Ada');
  expect(await ada.page.locator('[data-chat-lines] li strong').textContent()).toBe('You');
  expect(await watcher.page.locator('.chat').count()).toBe(0);
  expect(watcher.rec.messages.filter((m) => m.type === 'chat')).toEqual([]);

  // A sealed choice: Ada has chosen, Bo has not; Bo's page shows only that Ada has chosen.
  await ada.page.locator('svg.board [data-target^="card:"]').first().click();
  await bo.page.waitForFunction(() => document.querySelector('[data-seat-row="0"]')?.textContent?.includes('chosen ✓'));
  expect(await bo.page.locator('.board-wrap').textContent()).not.toMatch(/chosen:/);
  expect(await bo.page.locator('.log li').count()).toBe(0);
  expect(await ada.page.locator('.board-wrap').textContent()).toMatch(/chosen: \d+/);
  await screenshot(bo.page, 'two-players-sealed-choice-phone');

  // A few rounds, then Ada reloads the page: the token in local storage keeps her seat.
  for (let i = 0; i < 6; i++) {
    await makeMove(bo.page, random);
    await makeMove(ada.page, random);
    await ada.page.waitForTimeout(50);
  }
  const before = Number(await ada.page.locator('main').getAttribute('data-log'));
  await ada.page.reload();
  await ada.page.waitForSelector('main[data-viewer="0"]');
  await ada.page.waitForFunction((n) => Number(document.querySelector('main')?.getAttribute('data-log')) >= n, before);

  await playToEnd([ada.page, bo.page], random);
  await watcher.page.waitForSelector('[data-result]');
  await screenshot(ada.page, 'two-players-finished-ada');
  await screenshot(bo.page, 'two-players-finished-bo-phone');
  await screenshot(watcher.page, 'two-players-finished-spectator');

  const record = await fetchRecord(server.url, table);
  for (const [who, rec] of [[0, ada.rec], [1, bo.rec], ['spectator', watcher.rec]] as const) {
    expect(rec.errors).toEqual([]);
    expect(checkSecrecy(rec, replay(record, who, server.dir))).toBeGreaterThan(10);
  }
  // Both players read the same moves at the end (every card is public once its round resolves),
  // each naming their own seat "You" and the other by name.
  const entries = (page: Page) =>
    page.locator('.log li').evaluateAll((lis) =>
      lis.map((li) => ({ seat: li.querySelector('[data-seat]')?.getAttribute('data-seat'), action: li.querySelector('.what')?.getAttribute('data-action-text'), text: li.textContent?.trim() ?? '' })),
    );
  const adaLog = await entries(ada.page),
    boLog = await entries(bo.page);
  expect(adaLog.map((e) => e.action)).toEqual(boLog.map((e) => e.action));
  for (let i = 0; i < adaLog.length; i++) {
    const mine = adaLog[i].seat === '0';
    expect(adaLog[i].text.startsWith(mine ? 'You ' : 'P1 Bo '), adaLog[i].text).toBe(true);
    expect(boLog[i].text.startsWith(mine ? 'P0 Ada ' : 'You '), boLog[i].text).toBe(true);
  }

  // Rematch: the server makes a new table with the same game and the seats moved round by one;
  // Ada (seat 0) sits in seat 1 there, Bo's page offers to follow, and he takes seat 0: the new
  // game starts, and Bo starts it.
  await ada.page.locator('[data-rematch]').click();
  await ada.page.waitForFunction((old) => {
    const main = document.querySelector('main.table-page');
    return main && main.getAttribute('data-table') !== old && main.getAttribute('data-viewer') === '1';
  }, table);
  const second = await ada.page.locator('main.table-page').getAttribute('data-table');
  await ada.page.waitForSelector('main[data-status="waiting"]');
  await bo.page.locator('[data-rematch]', { hasText: 'Go to the rematch' }).waitFor();
  await watcher.page.locator('[data-rematch]', { hasText: 'Go to the rematch' }).waitFor();
  await bo.page.locator('[data-rematch]').click();
  await bo.page.waitForSelector(`main[data-table="${second}"][data-viewer="0"][data-status="playing"]`);
  await ada.page.waitForSelector('main[data-status="playing"]');
  for (const p of [ada, bo, watcher]) await p.context.close();
});
