// The balance report's HTML page (`savanna report`, src/sim/report_document.cc) in a real
// browser: over 42 configurations with long names, no text of any inline chart leaves its
// drawing (getBBox inside the viewBox, and the text's box on the page inside the chart's box),
// at a laptop's width and a phone's; on the phone (390 x 844) every chart fits the screen and
// every chart text is drawn at 11 pixels or more; the page fetches nothing, reads without
// JavaScript and passes axe-core's accessibility rules. The ladder report (--ladder) and the
// comparison (--compare) pass the same checks of their charts.
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
const PHONE = { width: 390, height: 844 };
let dir: string;
let url: string;
let ladderUrl: string;
let compareUrl: string;
let browser: Browser;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'savanna-report-test-'));
  const run = (args: string[], out: string) => {
    execFileSync(SAVANNA, ['report', ...args, '--threads', '2', '--out', join(dir, out)], {
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    return pathToFileURL(join(dir, out, 'report.html')).href;
  };
  // Every configuration of Kariba (32) and Kalimambo (10): random agents, few games.
  url = run(['kariba', 'kalimambo', '--configs', '--agents', `random,${LONG_AGENT}`, '--games', '4',
    '--bootstrap', '10'], 'configs');
  // A ladder over two configurations, one rung with a long spec; and two variants compared.
  ladderUrl = run(['kap_kairo(players=3)', 'kariba(players=4)', '--ladder', '--rungs', `random,greedy,${LONG_AGENT}`,
    '--games', '24', '--rating-games', '12', '--bootstrap', '10'], 'ladder');
  compareUrl = run(['kariba(players=3)', 'kariba(players=3,chase=adjacent)', '--compare', '--agents', 'greedy',
    '--games', '40'], 'compare');
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
// Also: the smallest text drawn, in CSS pixels (its font size times the chart's scale on the
// page), and the charts whose box leaves the page's width (which would scroll sideways).
async function textsOutside(page: Page): Promise<{
  charts: number; texts: number; escapes: Escape[]; smallest: number; smallestText: string; wide: string[];
}> {
  return page.evaluate(() => {
    const slack = 0.5;
    const escapes: { chart: string; text: string; how: string }[] = [];
    let texts = 0;
    let smallest = Infinity;
    let smallestText = '';
    const wide: string[] = [];
    const svgs = Array.from(document.querySelectorAll('svg'));
    for (const svg of svgs) {
      const chart = svg.querySelector('text')?.textContent ?? '?';
      const view = svg.viewBox.baseVal;
      const frame = svg.getBoundingClientRect();
      const scale = frame.width / view.width;
      if (frame.left < -slack || frame.right > document.documentElement.clientWidth + slack) wide.push(chart);
      for (const text of Array.from(svg.querySelectorAll('text'))) {
        texts++;
        const size = parseFloat(getComputedStyle(text).fontSize) * scale;
        if (size < smallest) {
          smallest = size;
          smallestText = `${chart}: ${text.textContent ?? ''}`;
        }
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
    return { charts: svgs.length, texts, escapes, smallest, smallestText, wide };
  });
}

describe('report.html', () => {
  for (const [size, viewport] of [['laptop', { width: 1366, height: 768 }], ['phone', PHONE]] as const)
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
      // The labels are really long: the ladder's (configuration and agent) are drawn whole, on
      // several lines within the drawing.
      const labels = await page.evaluate(() =>
        Array.from(document.querySelectorAll('figure[id="ladder.svg"] text')).map((t) => ({
          text: t.textContent ?? '', lines: t.querySelectorAll('tspan').length })));
      const long = labels.filter((l) => l.text.includes('kariba animals=9') && l.text.endsWith(LONG_AGENT));
      expect(long.length).toBeGreaterThan(0);
      expect(Math.min(...long.map((l) => l.lines))).toBeGreaterThan(1);
      expect(requests, 'nothing but the page itself is fetched').toEqual([url]);
      await context.close();
    });

  // A phone's screen: no chart is wider than the page (nothing scrolls sideways) and every chart
  // text is at least 11 pixels high, on the three kinds of report page.
  for (const [name, page_url, charts] of [['configurations', () => url, 11], ['ladder', () => ladderUrl, 2],
    ['compare', () => compareUrl, 10]] as const)
    test(`charts readable on a phone: ${name}`, async () => {
      const context = await browser.newContext({ viewport: PHONE });
      const page = await context.newPage();
      await page.goto(page_url());
      const { charts: count, escapes, smallest, smallestText, wide } = await textsOutside(page);
      expect(count).toBe(charts);
      expect(escapes).toEqual([]);
      expect(wide).toEqual([]);
      expect(smallest, smallestText).toBeGreaterThanOrEqual(11);
      await context.close();
    });

  // The check can fail: a chart drawn wider than the phone shrinks its text below 11 pixels.
  test('the check finds text too small on a phone', async () => {
    const context = await browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    await page.goto(ladderUrl);
    await page.evaluate(() => {
      const svg = document.querySelector('figure svg') as SVGSVGElement;
      svg.setAttribute('viewBox', `0 0 700 ${svg.viewBox.baseVal.height}`);
    });
    const { smallest } = await textsOutside(page);
    expect(smallest).toBeLessThan(11);
    await context.close();
  });

  test('the ladder says in words where balance changes with skill', async () => {
    const context = await browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    await page.goto(ladderUrl);
    const headings = await page.locator('h2').allTextContents();
    expect(headings.slice(0, 2)).toEqual(['Summary: balance against skill', 'Summary: unfair configurations']);
    expect(await page.locator('#skill table tbody tr').count()).toBe(2);
    expect(await page.locator('#skill').textContent()).toContain("Holm's method");
    await context.close();
  });

  for (const [name, page_url] of [['configurations', () => url], ['ladder', () => ladderUrl]] as const)
    test(`axe-core finds no violation: ${name}`, async () => {
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.goto(page_url());
      expect(await violations(page)).toEqual([]);
      await context.close();
    });

  // The check can fail: a label moved past the left edge of a chart is found.
  test('the check finds a label cut off', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(url);
    await page.evaluate(() => {
      // The first row's label (the title is the first text).
      const label = document.querySelectorAll('figure[id="seat_advantage.svg"] text')[1].querySelector('tspan')!;
      label.setAttribute('x', '-60');
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
    const html = readFileSync(join(dir, 'configs', 'report.html'), 'utf8');
    expect(html).not.toMatch(/<script|<link|<img|src=|url\(/);
  });
});
