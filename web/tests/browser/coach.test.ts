// The AI as a coach in the browser: hints on the choices at a table against AI seats (the
// percentages shown are the server's estimates for exactly the legal moves), a take-back that
// brings the earlier position back (both on a laptop and on a phone), and neither where another
// person sits.
import { describe, expect, test } from 'vitest';
import { browser, canonical, createTable, newPage, server, useServerAndBrowser } from './harness.ts';

useServerAndBrowser();

describe('the coach', () => {
  for (const phone of [false, true]) {
    const size = phone ? 'on a phone' : 'on a laptop';
    test(`hints show the chance to win on each choice against AI seats, ${size}`, async () => {
      const { context, page, rec } = await newPage(browser, phone);
      await createTable(page, server.url, 'kariba', 3, ['human', 'random', 'random']);
      await page.waitForSelector('main.table-page[data-your-turn="yes"]');
      await page.locator('[data-ask-hint]').click();
      await page.waitForSelector('[data-hint-rate]', { timeout: 20000 });
      const hints = rec.messages.filter((m) => m.type === 'hints');
      expect(hints.length).toBe(1);
      const list = hints[0].hints as { action: string; win_rate: number }[];
      const state = [...rec.messages].reverse().find((m) => m.type === 'state' && 'legal' in m)!;
      expect(hints[0].index).toBe(state.actions);
      const legal = state.legal as string[];
      expect(list.length).toBeGreaterThan(0);
      for (const h of list) expect(legal).toContain(h.action);
      // Each choice button shows its own estimate, rounded to a percent.
      const shown = await page.locator('.choices [data-action]').evaluateAll((buttons) =>
        buttons.map((b) => [b.getAttribute('data-action'), b.querySelector('[data-hint-rate]')?.getAttribute('data-hint-rate') ?? null]),
      );
      expect(shown.length).toBeGreaterThan(0);
      for (const [action, rate] of shown) {
        const h = list.find((x) => x.action === action);
        expect(rate).toBe(h ? String(Math.round(h.win_rate * 100)) : null);
      }
      await expect(page.locator('[data-hint-best]').textContent()).resolves.toMatch(/The AI's pick: .+ \(\d+%\)/);
      // The board draws each target's estimate on it, readable (at least 12 px) and inside the
      // target, once the page has settled (the labels follow the board's size).
      await page.waitForTimeout(500);
      const drawn = await page.locator('.board [data-target][data-hint]').evaluateAll((targets) =>
        targets.map((t) => {
          const badge = t.querySelector('[data-hint-badge]');
          const text = badge?.querySelector('text');
          const box = t.getBoundingClientRect();
          const b = badge?.getBoundingClientRect();
          return {
            hint: t.getAttribute('data-hint'),
            text: text?.textContent ?? null,
            px: text ? text.getBoundingClientRect().height : 0,
            visible: badge ? getComputedStyle(badge).visibility !== 'hidden' : false,
            near: !!b && b.left < box.right + 4 && b.right > box.left && b.bottom > box.top - 4 && b.top < box.bottom,
          };
        }),
      );
      expect(drawn.length).toBeGreaterThan(0);
      for (const d of drawn) {
        expect(d.text).toBe(`${d.hint}%`);
        expect(d.visible).toBe(true);
        expect(d.px).toBeGreaterThanOrEqual(12);
        expect(d.near).toBe(true);
      }
      // A move makes the hints stale: they disappear.
      await page.locator('.choices [data-action]').first().click();
      await page.waitForFunction(() => document.querySelectorAll('[data-hint-rate], [data-hint-badge]').length === 0);
      expect(rec.errors).toEqual([]);
      await context.close();
    });

    test(`a take-back brings the position before the last move back, ${size}`, async () => {
      const { context, page, rec } = await newPage(browser, phone);
      await createTable(page, server.url, 'kariba', 3, ['human', 'random', 'random']);
      await page.waitForSelector('main.table-page[data-your-turn="yes"]');
      expect(await page.locator('[data-take-back]').isDisabled()).toBe(true);
      const n0 = Number(await page.locator('main.table-page').getAttribute('data-actions'));
      const states = () => rec.messages.filter((m) => m.type === 'state');
      const before = states().at(-1)!;
      await page.locator('.choices [data-action]').first().click();
      await page.waitForFunction((n) => {
        const main = document.querySelector('main.table-page');
        return Number(main?.getAttribute('data-actions')) > n + 1 && main?.getAttribute('data-your-turn') === 'yes';
      }, n0);
      await page.locator('[data-take-back]').click();
      await page.waitForFunction((n) => {
        const main = document.querySelector('main.table-page');
        return Number(main?.getAttribute('data-actions')) === n && main?.getAttribute('data-your-turn') === 'yes';
      }, n0);
      expect(rec.messages.filter((m) => m.type === 'taken_back').length).toBe(1);
      const after = states().at(-1)!;
      expect(canonical(after.view)).toBe(canonical(before.view));
      expect(after.legal).toEqual(before.legal);
      expect(await page.locator('[data-log-index]').count()).toBe(n0);
      // The game goes on from there.
      await page.locator('.choices [data-action]').last().click();
      await page.waitForFunction((n) => Number(document.querySelector('main.table-page')?.getAttribute('data-actions')) > n, n0);
      expect(rec.errors).toEqual([]);
      await context.close();
    });
  }

  test('no coach where another person sits', async () => {
    const { context, page } = await newPage(browser);
    await createTable(page, server.url, 'kariba', 3, ['human', 'human', 'random']);
    const link = await page.locator('[data-join-link="1"]').getAttribute('href');
    const other = await context.newPage();
    await other.goto(link!);
    await page.waitForSelector('main.table-page[data-status="playing"]');
    // Whoever moves first sees the choices, and no coach.
    await page.waitForFunction(() => document.querySelector('main.table-page[data-your-turn="yes"]') !== null, undefined, { timeout: 1000 }).catch(() => undefined);
    const mover = (await page.locator('main.table-page[data-your-turn="yes"]').count()) > 0 ? page : other;
    await mover.waitForSelector('main.table-page[data-your-turn="yes"] .choices');
    expect(await mover.locator('[data-coach]').count()).toBe(0);
    expect(await page.locator('[data-coach]').count()).toBe(0);
    await context.close();
  });
});
