// Every game, against AI seats: create the table in the lobby, play it to the end by clicking,
// and check that every message the page received holds only what the seat may see; for the
// games with hidden hands or counters, also that the page's DOM shows none of the opponents'
// hidden values (taken from the opponents' own replayed views).
import type { KaribaView, KilimanjaroView, KitaraView } from '../../src/generated/schemas.ts';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
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

// Plays until `stop` says so (or the game ends); returns the number of moves.
async function playUntil(page: Page, random: () => number, stop: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (!(await stop())) {
    if (Date.now() > deadline) throw new Error('the position to check was never reached');
    if (!(await makeMove(page, random))) await page.waitForTimeout(40);
  }
}

async function actions(page: Page): Promise<number> {
  return Number(await page.locator('main.table-page').getAttribute('data-actions'));
}

interface Case {
  game: string;
  players: number;
  seats: string[];
  params?: Record<string, string>;
}

const CASES: Case[] = [
  { game: 'kariba', players: 3, seats: ['human', 'random', 'easy'] },
  { game: 'kariba', players: 2, seats: ['human', 'random'], params: { variant: 'open' } },
  { game: 'kilimanjaro', players: 3, seats: ['human', 'random', 'random'], params: { variant: 'send_back' } },
  { game: 'kap_kairo', players: 3, seats: ['human', 'random', 'random'] },
  { game: 'kalimambo', players: 3, seats: ['human', 'random', 'easy'] },
  { game: 'kitara', players: 3, seats: ['human', 'random', 'easy'], params: { deck: 'red' } },
];

describe('a game against AI seats, played to the end by clicking', () => {
  for (const c of CASES) {
    const label = `${c.game}${c.params ? '-' + Object.values(c.params).join('-') : ''}-${c.players}p`;
    test(label, async () => {
      const { context, page, rec } = await newPage(browser);
      const random = rng(label.length * 7919);
      const table = await createTable(page, server.url, c.game, c.players, c.seats, c.params);
      expect(await page.locator('main.table-page').getAttribute('data-viewer')).toBe('0');
      // The seat's own turn is said in words, never by its seat number.
      await page.waitForSelector('main.table-page[data-your-turn="yes"]');
      const turn = (await page.locator('[data-phase]').textContent())!;
      expect(turn).toContain('Your turn: ');
      expect(turn.split(' · Last move')[0]).not.toMatch(/\bP0\b/);
      await playUntil(page, random, async () => (await actions(page)) >= 6 || (await page.locator('[data-result]').count()) > 0);
      await screenshot(page, `${label}-playing`);
      // The others' moves since the seat's own last one are marked in the log (tinted, flashing
      // once), so that no AI move goes by unseen; the seat's own moves and those before are not.
      await page.waitForSelector('main.table-page[data-waiting="no"]');
      const log = await page.locator('.log li').evaluateAll((lis) =>
        lis.map((li) => ({ fresh: li.getAttribute('data-fresh') === 'yes', seat: li.querySelector('[data-seat]')?.getAttribute('data-seat') })),
      );
      const ownLast = log.map((e) => e.seat).lastIndexOf('0');
      expect(ownLast).toBeGreaterThanOrEqual(0);
      log.forEach((e, i) => expect(e.fresh, `log entry ${i} of ${log.length}`).toBe(i > ownLast && e.seat !== '0'));
      const moves = await playToEnd([page], random);
      await screenshot(page, `${label}-finished`);
      expect(moves).toBeGreaterThan(0);
      expect(rec.errors).toEqual([]);
      // The record (every secret of the deal) was never asked for while the game ran.
      expect(rec.requests.filter((r) => r.path.endsWith('/record'))).toEqual([]);
      const record = await fetchRecord(server.url, table);
      // The end says "you won" or "you lost" as the record has it, and why.
      const winners = (record.result as { winners: number[] }).winners;
      const expected = !winners.includes(0) ? 'lost' : winners.length > 1 ? 'shared' : 'won';
      expect(await page.locator('[data-outcome]').getAttribute('data-outcome')).toBe(expected);
      const headline = (await page.locator('[data-outcome]').textContent())!;
      expect(headline).toMatch(expected === 'won' ? /^You won!$/ : expected === 'shared' ? /^You shared the win with / : /^You lost: /);
      expect(await page.locator('[data-outcome-why]').textContent()).toMatch(/ wins|first|reached/);
      expect(await page.locator('[data-result]').textContent()).not.toMatch(/\bP0\b/);
      const replayed = replay(record, 0, server.dir);
      expect(checkSecrecy(rec, replayed)).toBeGreaterThan(moves / 2);
      await context.close();
    });
  }
});

// What the page shows of the hidden things, captured at one moment with the action count.
async function hiddenSnapshot(page: Page) {
  return page.evaluate(() => ({
    actions: Number(document.querySelector('main.table-page')!.getAttribute('data-actions')),
    counters: [...document.querySelectorAll('[data-counter-space]')].map((e) => ({
      space: Number(e.getAttribute('data-counter-space')),
      kind: e.getAttribute('data-counter-kind'),
    })),
    hand: [...document.querySelectorAll('[data-hand-animal]')].map((e) => ({
      animal: e.getAttribute('data-hand-animal'),
      count: Number(e.getAttribute('data-count')),
    })),
  }));
}

function truncated(record: Record<string, unknown>, actions: number): Record<string, unknown> {
  return { ...record, actions: (record.actions as unknown[]).slice(0, actions), result: null };
}

describe('the page never shows an opponent hidden values', () => {
  test('kilimanjaro: the opponent face-down counters stay hidden in the DOM', async () => {
    const { context, page } = await newPage(browser);
    const random = rng(42);
    const table = await createTable(page, server.url, 'kilimanjaro', 2, ['human', 'random']);
    // After the 16 counters are out (8 each), before the first card.
    await playUntil(page, random, async () => (await actions(page)) >= 16);
    const seen = await hiddenSnapshot(page);
    await screenshot(page, 'kilimanjaro-secrecy-counters');
    await playToEnd([page], random);
    const record = await fetchRecord(server.url, table);
    // The opponent's own view at that moment names the kinds of its face-down counters.
    const opponentView = replay<KilimanjaroView>(truncated(record, seen.actions), 1, server.dir).final;
    const myView = replay<KilimanjaroView>(truncated(record, seen.actions), 0, server.dir).final;
    expect(opponentView).toBeTruthy();
    let hiddenChecked = 0;
    for (const counter of opponentView.counters as { space: number; placer: number; face_up: boolean; kind: string }[]) {
      const shown = seen.counters.find((c) => c.space === counter.space);
      expect(shown, `counter on ${counter.space} is drawn`).toBeTruthy();
      if (counter.placer === 1 && !counter.face_up) {
        expect(shown!.kind).toBe('hidden');
        hiddenChecked++;
      } else {
        // Our own counters and every face-up one: drawn with the kind our own view gives.
        const own = myView.counters.find((c: { space: number }) => c.space === counter.space)!;
        expect(own.kind).not.toBeNull();
        expect(shown!.kind).toBe(own.kind);
      }
    }
    expect(hiddenChecked).toBeGreaterThan(0);
    expect(myView.counters.filter((c: { placer: number; kind: string | null; face_up: boolean }) => c.placer === 1 && !c.face_up && c.kind !== null)).toEqual([]);
    await context.close();
  });

  test('kariba: only the own hand is in the DOM', async () => {
    const { context, page } = await newPage(browser);
    const random = rng(7);
    const table = await createTable(page, server.url, 'kariba', 2, ['human', 'random']);
    await playUntil(page, random, async () => (await actions(page)) >= 8);
    const seen = await hiddenSnapshot(page);
    await playToEnd([page], random);
    const record = await fetchRecord(server.url, table);
    const mine = replay<KaribaView>(truncated(record, seen.actions), 0, server.dir).final;
    const theirs = replay<KaribaView>(truncated(record, seen.actions), 1, server.dir).final;
    const handOf = (view: { animals: string[]; players: { hand?: number[] }[] }, seat: number) =>
      view.players[seat].hand!.flatMap((n, a) => (n > 0 ? [{ animal: view.animals[a], count: n }] : []));
    // The page draws exactly the own hand, and no other: when the two hands differ, showing
    // the opponent's would fail this.
    expect(seen.hand).toEqual(handOf(mine, 0));
    expect(mine.players[1].hand).toBeUndefined();
    const theirHand = handOf(theirs, 1);
    expect(theirHand.length).toBeGreaterThan(0);
    if (JSON.stringify(theirHand) !== JSON.stringify(handOf(mine, 0))) expect(seen.hand).not.toEqual(theirHand);
    await context.close();
  });

  // Kitara: after every move of the page, the hero tokens it draws; at the end each is compared
  // with the seats' replayed views at that moment: every seat's number of tokens, the values of
  // the page's own tokens exactly as its view gives them, and none of another seat's values.
  test('kitara: hero token values only as the seat own view gives them', async () => {
    const { context, page } = await newPage(browser);
    const random = rng(99);
    const table = await createTable(page, server.url, 'kitara', 2, ['human', 'random']);
    const seen: { actions: number; counts: number[]; values: [number, number][] }[] = [];
    const look = async () => {
      seen.push(
        await page.evaluate(() => ({
          actions: Number(document.querySelector('main.table-page')!.getAttribute('data-actions')),
          counts: [...document.querySelectorAll('[data-hero-tokens]')].map((e) => Number(e.getAttribute('data-count'))),
          values: [...document.querySelectorAll('[data-token-value]')].map((e) => [Number(e.getAttribute('data-token-seat')), Number(e.getAttribute('data-token-value'))] as [number, number]),
        })),
      );
    };
    await playToEnd([page], random, 240, look);
    const record = await fetchRecord(server.url, table);
    const mine = replay<KitaraView>(record, 0, server.dir).byActions;
    const theirs = replay<KitaraView>(record, 1, server.dir).byActions;
    let checked = 0;
    for (const s of seen) {
      const view = mine[s.actions];
      if (!view || view.phase === 'over') continue; // at the end every value is public
      expect(s.counts).toEqual(view.players.map((p: { hero_tokens: number }) => p.hero_tokens));
      expect(s.values).toEqual((view.players[0].hero_token_values as number[]).map((v) => [0, v]));
      expect(view.players[1].hero_token_values).toBeUndefined();
      expect(theirs[s.actions].players[1].hero_token_values).toHaveLength(theirs[s.actions].players[1].hero_tokens);
      if (s.values.some(([seat]) => seat !== 0)) throw new Error('another seat token value is on the page');
      checked++;
    }
    // At least a few moments (a turn whose decisions are all forced is made by the engine).
    expect(checked).toBeGreaterThan(2);
    await context.close();
  });
});
