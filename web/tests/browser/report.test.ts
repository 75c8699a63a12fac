// The balance report's HTML page (`savanna report`, src/sim/report_document.cc) in a real
// browser: over 42 configurations with long names, no text of any inline chart leaves its
// drawing (getBBox inside the viewBox, and the text's box on the page inside the chart's box),
// at a laptop's width and a phone's; the page fetches nothing, reads without JavaScript and
// passes axe-core's accessibility rules.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { SAVANNA, launchBrowser, violations } from './harness.ts';

// A long agent spec, so that the ladder's labels (configuration and agent) are long too.
const LONG_AGENT = 'random(seed=123456789012345678)';
let dir: string;
let url: string;
let browser: Browser;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'savanna-report-test-'));
  // Every configuration of Kariba (32) and Kalimambo (10): random agents, few games.
  execFileSync(
    SAVANNA,
    ['report', 'kariba', 'kalimambo', '--configs', '--agents', `random,${LONG_AGENT}`, '--games', '4',
      '--bootstrap', '10', '--threads', '2', '--out', dir],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
  url = pathToFileURL(join(dir, 'report.html')).href;
}, 120_000);

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

interface Escape {
  chart: string;
  text: string;
  how: string;
}

// Every <text> of every <svg> on the page that leaves its drawing, by its own geometry (getBBox
// in user units against the viewBox) and on the page (its client rectangle against the svg's).
async function textsOutside(page: Page): Promise<{ charts: number; texts: number; escapes: Escape[] }> {
  return page.evaluate(() => {
    const slack = 0.5;
    const escapes: { chart: string; text: string; how: string }[] = [];
    let texts = 0;
    const svgs = Array.from(document.querySelectorAll('svg'));
    for (const svg of svgs) {
      const chart = svg.querySelector('text')?.textContent ?? '?';
      const view = svg.viewBox.baseVal;
      const frame = svg.getBoundingClientRect();
      for (const text of Array.from(svg.querySelectorAll('text'))) {
        texts++;
        const b = text.getBBox();
        if (b.x < view.x - slack || b.y < view.y - slack || b.x + b.width > view.x + view.width + slack ||
            b.y + b.height > view.y + view.height + slack)
          escapes.push({ chart, text: text.textContent ?? '', how: `bbox ${b.x},${b.y},${b.width},${b.height}` });
        const r = text.getBoundingClientRect();
        if (r.left < frame.left - slack || r.top < frame.top - slack || r.right > frame.right + slack ||
            r.bottom > frame.bottom + slack)
          escapes.push({ chart, text: text.textContent ?? '', how: `client ${r.left},${r.top},${r.right},${r.bottom}` });
      }
    }
    return { charts: svgs.length, texts, escapes };
  });
}

describe('report.html', () => {
  for (const [size, viewport] of [['laptop', { width: 1366, height: 768 }], ['phone', { width: 390, height: 844 }]] as const)
    test(`no chart text leaves its drawing, ${size}`, async () => {
      const context = await browser.newContext({ viewport });
      const page = await context.newPage();
      const requests: string[] = [];
      page.on('request', (r) => requests.push(r.url()));
      await page.goto(url);
      const { charts, texts, escapes } = await textsOutside(page);
      expect(charts).toBe(11); // seat advantage, ladder, luck and skill, 6 balance metrics, length, scores
      expect(texts).toBeGreaterThan(42 * 4);
      expect(escapes).toEqual([]);
      // The labels are really long: the ladder's (configuration and agent) are drawn whole.
      const longest = await page.evaluate(() =>
        Math.max(...Array.from(document.querySelectorAll('figure[id="ladder.svg"] text')).map((t) => (t as SVGTextElement).getBBox().width)));
      expect(longest).toBeGreaterThan(350);
      expect(requests, 'nothing but the page itself is fetched').toEqual([url]);
      await context.close();
    });

  test('axe-core finds no violation', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(url);
    expect(await violations(page)).toEqual([]);
    await context.close();
  });

  // The check can fail: a label moved past the left edge of a chart is found.
  test('the check finds a label cut off', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(url);
    await page.evaluate(() => {
      const label = document.querySelector('figure[id="seat_advantage.svg"] text[text-anchor="end"]')!;
      label.setAttribute('x', '20');
    });
    const { escapes } = await textsOutside(page);
    expect(escapes.length).toBeGreaterThan(0);
    expect(escapes[0].chart).toContain('Seat advantage');
    await context.close();
  });

  test('reads without JavaScript: summaries, charts and tables are in the page', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(url);
    const headings = await page.locator('h2').allTextContents();
    expect(headings).toEqual(['Summary: unfair configurations', 'Summary: balance highlights', 'Charts', 'Details']);
    expect(await page.locator('figure svg').count()).toBe(11);
    expect(await page.locator('#details table').count()).toBeGreaterThanOrEqual(6);
    expect(await page.locator('script').count()).toBe(0);
    await context.close();
    const html = readFileSync(join(dir, 'report.html'), 'utf8');
    expect(html).not.toMatch(/<script|<link|<img|src=|url\(/);
  });
});
