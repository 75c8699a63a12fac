// The lobby and the table page around the games: the game list and its parameters, a refused
// table, the list of open tables with join and watch links, the keyboard, a reload that keeps
// the seat, giving a seat up, and the phone layout.
import { describe, expect, test } from 'vitest';
import {
  browser,
  createTable,
  newPage,
  screenshot,
  server,
  startServer,
  useServerAndBrowser,
} from './harness.ts';

useServerAndBrowser();

describe('lobby', () => {
  test('offers every registered game with its settable parameters', async () => {
    const { context, page, rec } = await newPage(browser);
    await page.goto(server.url + '/');
    const games = (await (await fetch(server.url + '/api/games')).json()) as { name: string; params: Record<string, { type: string }> }[];
    const options = await page.locator('#game option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
    expect(options).toEqual(games.map((g) => g.name));
    await page.locator('#game').selectOption('kariba');
    for (const [name, p] of Object.entries(games.find((g) => g.name === 'kariba')!.params)) {
      const shown = await page.locator(`#param-${name}`).count();
      // `players` has its own field; string parameters (files on the server) are never offered.
      expect(shown, name).toBe(name === 'players' || p.type === 'string' ? 0 : 1);
    }
    // In words: the game described, each option labelled with its choices and its default said,
    // no spec printed.
    expect(await page.locator('[data-game-about="kariba"]').textContent()).toMatch(/^[A-Z].{30,}2–6 players\./);
    expect(await page.locator('label[for="param-variant"]').textContent()).toBe('Variant');
    expect(await page.locator('#param-variant option').allTextContents()).toEqual(['standard: draw from the face-down pile', 'open: three face-up cards to take from too (for experienced players)']);
    for (const help of await page.locator('[data-param-help]').allTextContents()) expect(help).toMatch(/Default: /);
    expect(await page.locator('[data-param-help="games"]').textContent()).toMatch(/Default: 1 \(1–10\)\./);
    await page.locator('#param-variant').selectOption('open');
    await page.locator('#players').fill('3');
    expect(await page.locator('.create').textContent()).not.toMatch(/kariba\(|players=/);
    expect(await page.locator('.seat-choices select').count()).toBe(3);
    // A person in the first seat, the medium level in the others; each level with its thinking
    // time as the server declares it.
    expect(await page.locator('.seat-choices select').evaluateAll((ss) => ss.map((s) => (s as HTMLSelectElement).value))).toEqual(['human', 'medium', 'medium']);
    const agents = (await (await fetch(server.url + '/api/agents')).json()) as { name: string; params: Record<string, { default: unknown }> }[];
    const mediumTime = agents.find((a) => a.name === 'medium')!.params.time.default;
    expect(await page.locator('#seat-1 option[value="medium"]').textContent()).toBe(`AI: medium (${String(mediumTime)} s a move)`);
    expect(await page.locator('.levels-help [data-level]').count()).toBe(6);
    await screenshot(page, 'lobby');
    expect(rec.errors).toEqual([]);
    await context.close();
  });

  test('a table the server refuses shows its reason and creates nothing', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(server.url + '/');
    await page.locator('#game').selectOption('kariba');
    await page.locator('#players').fill('5');
    await page.locator('[data-create]').click();
    await expect(page.locator('.create .error').textContent()).resolves.toMatch(/animals=9/);
    expect(await page.evaluate(() => location.hash)).toBe('');
    await context.close();
  });

  test('past the tables-per-minute limit the lobby shows the server\'s reason and stays', async () => {
    const strict = await startServer({ '--tables-per-minute': '1' });
    try {
      const { context, page } = await newPage(browser);
      await createTable(page, strict.url, 'kariba', 2, ['human', 'random']);
      await page.goto(strict.url + '/');
      await page.locator('#game').selectOption('kariba');
      await page.locator('[data-create]').click();
      await expect(page.locator('.create .error').textContent()).resolves.toMatch(/too many|rate|minute/i);
      expect(await page.evaluate(() => location.hash)).toBe('');
      await context.close();
    } finally {
      await strict.stop();
    }
  });

  test('open tables list join and watch links; a joined seat survives a reload', async () => {
    const host = await newPage(browser);
    const guest = await newPage(browser);
    const table = await createTable(host.page, server.url, 'kariba', 2, ['human', 'human'], {}, 'Host');
    await guest.page.goto(server.url + '/');
    const join = guest.page.locator(`[data-join="${table}/1"]`);
    await join.waitFor();
    expect(await guest.page.locator(`[data-watch="${table}"]`).count()).toBe(1);
    await join.click();
    await guest.page.waitForSelector('main[data-viewer="1"][data-status="playing"]');
    const token = await guest.page.evaluate(() => localStorage.getItem('savanna.seats'));
    expect(JSON.parse(token!)[table]['1']).toMatch(/^[0-9a-f]{64}$/);
    // Reloading the bare table address takes the held seat back.
    await guest.page.goto(`${server.url}/#/t/${table}`);
    await guest.page.reload();
    await guest.page.waitForSelector('main[data-viewer="1"]');
    // The lobby now lists the table under the guest's own games, not among the tables to join.
    await guest.page.goto(server.url + '/');
    await guest.page.locator(`[data-your-table="${table}"] [data-resume="${table}"]`).waitFor();
    expect(await guest.page.locator(`[data-table-row="${table}"]`).count()).toBe(0);
    // Giving the seat up turns the page into a spectator's and frees the seat.
    await host.page.locator('button', { hasText: 'Give up my seat' }).click();
    await host.page.waitForSelector('main[data-viewer="spectator"]');
    const summary = (await (await fetch(`${server.url}/api/tables/${table}`)).json()) as { seats: { taken: boolean }[] };
    expect(summary.seats[0].taken).toBe(false);
    await host.context.close();
    await guest.context.close();
  });

  test('your games: resume a table, close it; a table nobody is at leaves the public list', async () => {
    const { context, page } = await newPage(browser);
    const other = await newPage(browser);
    // A game against the AI, left for the lobby: it is under "Your games" with resume and close.
    const table = await createTable(page, server.url, 'kalimambo', 2, ['human', 'random']);
    await page.waitForSelector('main[data-status="playing"][data-your-turn="yes"]');
    await page.goto(server.url + '/');
    const row = page.locator(`[data-your-table="${table}"]`);
    await row.waitFor();
    expect(await row.getAttribute('data-standing')).toBe('your turn');
    expect(await row.textContent()).toMatch(/Kalimambo.*2 players/);
    // Nobody is at the table now: a stranger's lobby does not list it.
    await other.page.goto(server.url + '/');
    await other.page.locator('.tables h2').waitFor();
    await other.page.waitForTimeout(500);
    expect(await other.page.locator(`[data-table-row="${table}"]`).count()).toBe(0);
    // Resume goes back to the seat.
    await row.locator('[data-resume]').click();
    await page.waitForSelector(`main[data-table="${table}"][data-viewer="0"]`);
    // Back in the lobby, close: asked first, then the seat is given up and the row goes.
    await page.goto(server.url + '/');
    await page.locator(`[data-close="${table}"]`).click();
    await page.locator(`[data-close-confirm="${table}"]`).click();
    await page.waitForFunction((t) => !document.querySelector(`[data-your-table="${t}"]`), table);
    const summary = (await (await fetch(`${server.url}/api/tables/${table}`)).json()) as { seats: { taken: boolean }[] };
    expect(summary.seats[0].taken).toBe(false);
    expect(await page.evaluate(() => localStorage.getItem('savanna.seats'))).not.toContain(table);
    // A table nobody has moved in yet is deleted by its creator's close.
    const fresh = await createTable(page, server.url, 'kariba', 2, ['human', 'human']);
    await page.goto(server.url + '/');
    await page.locator(`[data-close="${fresh}"]`).click();
    await page.locator(`[data-close-confirm="${fresh}"]`).click();
    await page.waitForFunction((t) => !document.querySelector(`[data-your-table="${t}"]`), fresh);
    expect((await fetch(`${server.url}/api/tables/${fresh}`)).status).toBe(404);
    await screenshot(page, 'lobby-your-games');
    await context.close();
    await other.context.close();
  });

  test.each([
    ['kalimambo', 'card'],
    ['kitara', 'area'],
  ])('a move made with the keyboard alone (%s)', async (game, group) => {
    const { context, page } = await newPage(browser);
    await createTable(page, server.url, game, 2, ['human', 'random']);
    await page.waitForSelector('main[data-your-turn="yes"]');
    const before = Number(await page.locator('main').getAttribute('data-actions'));
    // Tab until a target of the board (a card, an area) has the focus, then press Enter.
    let focused = '';
    for (let i = 0; i < 60 && !focused.startsWith(group + ':'); i++) {
      await page.keyboard.press('Tab');
      focused = await page.evaluate(() => document.activeElement?.getAttribute('data-target') ?? '');
    }
    expect(focused.startsWith(group + ':')).toBe(true);
    // Enter on a target never plays at once: the one action it leaves waits under Your move,
    // with the focus, for a second Enter.
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.activeElement?.matches('.your-move .choices button[data-action]'));
    expect(Number(await page.locator('main').getAttribute('data-actions'))).toBe(before);
    await page.keyboard.press('Enter');
    await page.waitForFunction((n) => Number(document.querySelector('main')?.getAttribute('data-actions')) > n, before);
    // At the seat's next turn the focus is back on the board (the hand where there is one).
    await page.waitForSelector('main[data-your-turn="yes"][data-waiting="no"]');
    await page.waitForFunction(() => document.activeElement?.hasAttribute('data-target'));
    if (game === 'kalimambo') expect(await page.evaluate(() => Boolean(document.activeElement?.closest('.part.hand')))).toBe(true);
    await context.close();
  });

  test('a long numeric choice steps through the legal numbers only', async () => {
    const { context, page, rec } = await newPage(browser);
    await createTable(page, server.url, 'kilimanjaro', 2, ['human', 'random']);
    await page.waitForSelector('main[data-your-turn="yes"]');
    // A counter kind, then the space: the spaces skip the villages, so the numbers have gaps.
    const kind = page.locator('svg.board [data-target^="kind:"]').first();
    const counter = (await kind.getAttribute('data-target'))!.slice('kind:'.length);
    await kind.click();
    const slider = page.locator('[data-numeric-slider]');
    const last = Number(await slider.getAttribute('max'));
    const state = rec.messages.filter((m) => m.type === 'state' && m.legal).pop()!;
    const legal = state.legal as string[];
    const structured = state.legal_structured as { kind: string; counter?: string; space?: number }[];
    // The placements of that counter by space, from the structured forms (never the texts).
    const expected = legal
      .map((text, i) => ({ text, a: structured[i] }))
      .filter(({ a }) => a.kind === 'place' && a.counter === counter)
      .sort((x, y) => x.a.space! - y.a.space!);
    expect(await page.locator('[data-numeric]').getAttribute('data-numeric-field')).toBe('space');
    const offered: string[] = [];
    for (let i = 0; i <= last; i++) {
      await slider.fill(String(i));
      const button = page.locator('[data-submit]');
      expect(await button.isEnabled()).toBe(true);
      offered.push((await button.getAttribute('data-action'))!);
    }
    expect(offered).toEqual(expected.map((e) => e.text));
    // A number that is not a choice cannot be sent.
    const spaces = expected.map((e) => e.a.space!);
    const gap = spaces.find((n, i) => i > 0 && n - spaces[i - 1] > 1)! - 1;
    await page.locator('[data-numeric]').fill(String(gap));
    expect(await page.locator('[data-submit]').isEnabled()).toBe(false);
    await slider.fill('0');
    const before = Number(await page.locator('main').getAttribute('data-actions'));
    await page.locator('[data-submit]').click();
    await page.waitForFunction((n) => Number(document.querySelector('main')?.getAttribute('data-actions')) > n, before);
    await context.close();
  });

  test.each([
    ['kap_kairo', 3],
    ['kitara', 4],
  ])('phone layout (%s)', async (game, players) => {
    const { context, page } = await newPage(browser, true);
    await createTable(page, server.url, game, players, ['human', ...Array(players - 1).fill('random')]);
    await page.waitForSelector('main[data-your-turn="yes"]');
    // Nothing is wider than the screen (a board scrolls sideways inside its own frame).
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    // The choices can be reached and used without scrolling sideways.
    const button = page.locator('.choices button, .choices select').first();
    await button.waitFor();
    const box = (await button.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    await screenshot(page, `${game}-phone`);
    await context.close();
  });
});
