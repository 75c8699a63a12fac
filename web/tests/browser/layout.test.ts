// Every game's table at a phone's 390x844 and a laptop's 1366x768, with four or five players,
// checked a few times over a game against random seats: every player's name, score and public
// holdings (their row on the board, `data-seat-row`) lie inside the screen's width; no frame and
// not the page scrolls sideways; no text is smaller than 12 px; no text runs out of its box (a
// card, a tile: `data-box`), out of its drawing, or off the screen; at 1366x768 Kitara's kingdoms
// are above the fold. The checks run in the page (`problems` below) and name what fails.
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { browser, createTable, makeMove, record, rng, screenshot, server, useServerAndBrowser } from './harness.ts';
import { GAMES, SIZES } from './sizes.ts';

useServerAndBrowser();

// Everything wrong with the page's layout, one line each (empty: nothing).
export async function layoutProblems(page: Page, opts: { aboveFold?: boolean } = {}): Promise<string[]> {
  return page.evaluate((aboveFold) => {
    const out: string[] = [];
    const W = window.innerWidth;
    const H = window.innerHeight;
    const name = (e: Element) => {
      const data = [...e.attributes].filter((a) => a.name.startsWith('data-') || a.name === 'class').map((a) => `${a.name}="${a.value}"`);
      return `<${e.tagName.toLowerCase()} ${data.join(' ').slice(0, 80)}>`;
    };
    const shown = (e: Element) => {
      if (e.closest('title, option, .sr-only, details:not([open]) > :not(summary), dialog:not([open])')) return false;
      const r = e.getBoundingClientRect();
      return r.width > 0 && r.height > 0 && getComputedStyle(e).visibility !== 'hidden';
    };
    if (document.documentElement.scrollWidth > W) out.push(`the page scrolls sideways by ${document.documentElement.scrollWidth - W}px`);
    for (const e of document.querySelectorAll('main *')) {
      const cs = getComputedStyle(e);
      if ((cs.overflowX === 'auto' || cs.overflowX === 'scroll') && e.scrollWidth > e.clientWidth + 1) out.push(`${name(e)} scrolls sideways by ${e.scrollWidth - e.clientWidth}px`);
    }
    // Every piece of text: its size on the screen, and whether it stays in its box.
    const walker = document.createTreeWalker(document.querySelector('main')!, NodeFilter.SHOW_TEXT);
    const seen = new Set<Element>();
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      if (!n.textContent?.trim()) continue;
      const parent = n.parentElement;
      if (!parent || seen.has(parent) || !shown(parent)) continue;
      seen.add(parent);
      const text = n.textContent.trim().slice(0, 40);
      if (parent instanceof SVGElement) {
        const t = (parent.closest('text') ?? parent) as SVGGraphicsElement;
        const m = t.getScreenCTM();
        const scale = m ? Math.hypot(m.a, m.b) : 1;
        const size = parseFloat(getComputedStyle(t).fontSize) * scale;
        if (size < 11.95) out.push(`"${text}" is ${size.toFixed(1)}px`);
        const r = t.getBoundingClientRect();
        const svg = t.ownerSVGElement!.getBoundingClientRect();
        if (r.left < svg.left - 1 || r.right > svg.right + 1 || r.top < svg.top - 1 || r.bottom > svg.bottom + 1) out.push(`"${text}" runs out of its drawing`);
        const box = t.closest('[data-box]')?.querySelector('rect, circle, path, ellipse');
        if (box) {
          const b = box.getBoundingClientRect();
          if (r.left < b.left - 1 || r.right > b.right + 1) out.push(`"${text}" runs out of its box ${name(t.closest('[data-box]')!)}`);
        }
        if (r.left < -1 || r.right > W + 1) out.push(`"${text}" is off the screen sideways`);
      } else {
        const size = parseFloat(getComputedStyle(parent).fontSize);
        if (size < 11.95) out.push(`"${text}" is ${size.toFixed(1)}px`);
        const cs = getComputedStyle(parent);
        if (cs.display !== 'inline' && parent.scrollWidth > parent.clientWidth + 1 && parent.tagName !== 'SELECT') out.push(`"${text}" runs out of ${name(parent)}`);
        const range = document.createRange();
        range.selectNodeContents(n);
        const r = range.getBoundingClientRect();
        if (r.width > 0 && (r.left < -1 || r.right > W + 1)) out.push(`"${text}" is off the screen sideways`);
      }
    }
    // Every player's row on the board: inside the screen's width, with its name and every score
    // the seats table shows for it; at 1366x768 (Kitara) above the fold.
    const seats = [...document.querySelectorAll('.seats tbody tr[data-seat]')];
    for (const tr of seats) {
      const seat = tr.getAttribute('data-seat')!;
      const row = document.querySelector(`.board-wrap [data-seat-row="${seat}"]`);
      if (!row) {
        out.push(`no row on the board for seat ${seat}`);
        continue;
      }
      const words = (row.textContent ?? '').replace(/\s+/g, ' ');
      const you = tr.classList.contains('you');
      const label = (tr.querySelectorAll('td')[1]?.textContent ?? '').trim();
      if (!(you ? /\bYou\b/.test(words) : words.includes(label))) out.push(`seat ${seat}'s row does not name it (${you ? 'You' : label}): "${words.slice(0, 80)}"`);
      for (const td of tr.querySelectorAll('[data-score]')) {
        const value = (td.textContent ?? '').trim().split(',')[0];
        if (!new RegExp(`(^|[^0-9])${value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}([^0-9]|$)`).test(words)) out.push(`seat ${seat}'s row does not show its ${td.getAttribute('data-score')} ${value}: "${words.slice(0, 80)}"`);
      }
      for (const e of [row, ...row.querySelectorAll('*')]) {
        const r = e.getBoundingClientRect();
        if (r.width === 0) continue;
        if (r.left < -1 || r.right > W + 1) {
          out.push(`seat ${seat}'s ${name(e)} is outside the screen's width (${Math.round(r.left)}..${Math.round(r.right)})`);
          break;
        }
      }
      if (aboveFold && row.getBoundingClientRect().bottom > H + 1) out.push(`seat ${seat}'s row is below the fold (${Math.round(row.getBoundingClientRect().bottom)} > ${H})`);
    }
    return [...new Set(out)];
  }, opts.aboveFold ?? false);
}

async function playSome(page: Page, random: () => number, n: number): Promise<void> {
  const deadline = Date.now() + 40_000;
  for (let made = 0; made < n && Date.now() < deadline; ) {
    if ((await page.locator('main.table-page').getAttribute('data-status')) !== 'playing') return;
    if (await makeMove(page, random)) made++;
    else await page.waitForTimeout(40);
  }
}

describe('every game at 390x844 and 1366x768', () => {
  for (const g of GAMES)
    for (const size of ['phone', 'laptop'] as const)
      test(`${g.game} ${size}`, async () => {
        const context = await browser.newContext(SIZES[size]);
        const page = await context.newPage();
        const rec = record(page);
        await createTable(page, server.url, g.game, g.players, ['human', ...Array<string>(g.players - 1).fill('random')]);
        await page.waitForSelector('main.table-page[data-status="playing"] svg.board');
        const random = rng(g.game.length * 17 + size.length);
        for (const [i, moves] of [3, 12, 30].entries()) {
          await playSome(page, random, moves);
          await page.waitForTimeout(150);
          const problems = await layoutProblems(page, { aboveFold: g.game === 'kitara' && size === 'laptop' });
          if (problems.length) {
            await screenshot(page, `layout-${g.game}-${size}-${i}`);
            console.log(`${g.game} ${size} step ${i}:\n  ${problems.join('\n  ')}`);
          }
          expect(problems, `${g.game} at ${size} after step ${i}`).toEqual([]);
          if ((await page.locator('main.table-page').getAttribute('data-status')) !== 'playing') break;
        }
        await screenshot(page, `layout-${g.game}-${size}`);
        expect(rec.errors).toEqual([]);
        await context.close();
      });
});
