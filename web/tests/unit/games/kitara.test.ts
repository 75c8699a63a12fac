// Kitara's board on engine-made fixtures (fixtures.ts): its targets, its group choice, its map
// layouts, and what it draws (through the small renderer of render.ts): every area, every card,
// exactly the targets, the last move, hero token values only for their owner.
import { Who } from '../../../src/who.ts';
import { expect, test } from 'vitest';
import { narrowed, pick, type LegalAction } from '../../../src/choices.ts';
import type { KitaraAction, KitaraView } from '../../../src/generated/schemas.ts';
import type { BoardProps } from '../../../src/games/common.tsx';
import { gameUi } from '../../../src/games/index.ts';
import { areaOf, feedingAfter, KINDS, layout, roundSummary } from '../../../src/games/kitara/board.tsx';
import { fixture, legalOf, type Case } from '../fixtures.ts';
import { elements, render, text } from '../render.ts';

interface KitaraFixtures {
  cases: Case<KitaraView>[];
  starts: Case<KitaraView>[];
  tokens: { spec: string; holders: number[]; views: Record<string, KitaraView> };
}
const ui = gameUi('kitara');
const kitaraFixtures = fixture<KitaraFixtures>('kitara');
function targetsOf(c: Case<unknown>) {
  return ui.targets(legalOf(c), c.view as never);
}
// The legal actions as the game's structured actions, with their texts.
function actions<A>(c: Case<unknown>): { text: string; a: A }[] {
  return legalOf(c).map((l: LegalAction) => ({ text: l.text, a: l.structured as unknown as A }));
}

// Kitara's fixtures (fixtures/find_positions.mjs): the first position of each decision, and one
// in which a seat holds hero tokens, seen by every seat and a spectator.
const kitaraCases = kitaraFixtures.cases;

test('kitara: the fixtures hold every kind of decision', () => {
  expect(kitaraCases.map((c) => c.view.phase)).toEqual(['start', 'take', 'recruit', 'move_source', 'move_group', 'move_border', 'retreat', 'discard', 'remove', 'over']);
  for (const c of kitaraCases) if (c.view.phase !== 'over') expect(c.legal.length, c.view.phase).toBeGreaterThan(1);
});

test('kitara: a click on an area, a row card or a kingdom card plays the one action it names', () => {
  let checked = 0;
  for (const c of kitaraCases) {
    const t = targetsOf(c);
    for (const { text: a, a: action } of actions<KitaraAction>(c)) {
      const area = areaOf(action);
      const key = area !== null ? `area:${area}` : action.kind === 'take' ? `row:${action.position - 1}` : action.kind === 'discard' ? `kingdom:${action.position - 1}` : null;
      if (key === null) continue;
      expect(t.get(key), a).toEqual([a]);
      expect(pick(c.legal, t, [], key).play).toBe(a);
      checked++;
    }
  }
  expect(checked).toBeGreaterThan(15);
});

test('kitara: a group is chosen by clicking a number per kind, and every group can be chosen', () => {
  const c = kitaraCases.find((x) => x.view.phase === 'move_group')!;
  const t = targetsOf(c);
  const groups = actions<KitaraAction>(c).filter(({ a }) => a.kind === 'group');
  expect(groups.length).toBeGreaterThan(1);
  for (const { text: a, a: group } of groups) {
    if (group.kind !== 'group') continue;
    const f = [group.warriors, group.animals, group.heroes];
    const keys = KINDS.map((k, i) => `${k}:${f[i]}`).filter((k) => t.has(k));
    expect(keys.length).toBeGreaterThan(0);
    let picked: string[] = [];
    let played: string | undefined;
    for (const k of keys) {
      const r = pick(c.legal, t, picked, k);
      picked = r.picked;
      played = r.play ?? played;
    }
    expect(played ?? (narrowed(c.legal, t, picked).length === 1 ? narrowed(c.legal, t, picked)[0] : undefined)).toBe(a);
  }
});

test('kitara: the built-in maps are drawn as rings; a map unlike them as a circle with its borders', () => {
  const specs = new Set<string>();
  for (const c of [...kitaraCases, ...kitaraFixtures.starts]) {
    const lay = layout(c.view.map);
    for (const a of c.view.map) expect(lay.shapes.get(a.name)?.path !== undefined || a.type === 'lake', a.name).toBe(true);
    expect(lay.lines).toEqual([]);
    specs.add(`${c.view.players.length}`);
  }
  expect([...specs].sort()).toEqual(['2', '3', '4']);
  // Take one white border away: the rings would show it, so the circle layout draws the map.
  const map = structuredClone(kitaraCases[0].view.map) as { name: string; neighbours: string[] }[];
  const [a, b] = [map.find((x) => x.name === 'O0')!, map.find((x) => x.name === 'O1')!];
  a.neighbours = a.neighbours.filter((n) => n !== 'O1');
  b.neighbours = b.neighbours.filter((n) => n !== 'O0');
  const lay = layout(map as never);
  expect([...lay.shapes.values()].every((s) => s.circle !== undefined)).toBe(true);
  const borders = new Set(map.flatMap((x) => x.neighbours.map((n) => [x.name, n].sort().join('-'))));
  expect(new Set(lay.lines.map((l) => [...l].sort().join('-')))).toEqual(borders);
});

function drawKitara(view: KitaraView, viewer: number | 'spectator', legal: LegalAction[] = []) {
  const props: BoardProps = { view: view as never, legal, viewer, targets: ui.targets(legal, view as never), picked: [], onPick: () => {}, last: null, who: new Who([]) };
  return render(ui.Board(props));
}

test('kitara: the board draws every area with its owner and figures, and every kingdom card', () => {
  for (const c of kitaraCases) {
    const els = elements(drawKitara(c.view, c.viewer, legalOf(c)));
    const areas = els.filter((e) => e.attrs['data-area'] !== undefined);
    expect(areas.map((e) => e.attrs['data-area']).sort()).toEqual(c.view.map.map((a: { name: string }) => a.name).sort());
    for (const e of areas) {
      const a = c.view.map.find((x: { name: string }) => x.name === e.attrs['data-area'])!;
      expect(e.attrs['data-owner']).toBe(a.owner);
      expect(e.attrs['data-figures']).toBe(a.figures.join(','));
    }
    const cards = els.filter((e) => e.attrs['data-card'] !== undefined).map((e) => e.attrs['data-card']);
    const expected = [...c.view.row, ...c.view.players.flatMap((p: { kingdom: unknown[] }) => p.kingdom)].map((k) => (k as { card: number }).card);
    expect(cards).toEqual(expected);
    // Each clickable part is one of the targets, and every target but the group's numbers is drawn.
    const drawn = els.filter((e) => e.attrs['data-target'] !== undefined).map((e) => String(e.attrs['data-target']));
    expect(new Set(drawn)).toEqual(new Set(targetsOf(c).keys()));
  }
});

// Every kind of move but `end moves` (which changes nothing on the board) is drawn as the last move:
// an outlined area, the newest kingdom card, or the outlined discard line.
test('kitara: every kind of last move is drawn on the board', () => {
  const drawnKinds = new Set<string>();
  for (const c of [...kitaraFixtures.cases, ...kitaraFixtures.starts]) {
    // No fixture position is an attack decision; an attack on the map's first area stands in.
    const moves: [string, KitaraAction][] = c.legal.map((text, i) => [text, c.legal_structured[i] as unknown as KitaraAction]);
    moves.push([`attack ${c.view.map[0].name}`, { kind: 'attack', area: c.view.map[0].name }]);
    for (const [text, action] of moves) {
      if (action.kind === 'take' && c.view.players[c.viewer].kingdom.length === 0) continue; // the card is not in the kingdom yet
      const last = { index: 1, player: c.viewer, action: text, structured: action as never };
      const props: BoardProps = { view: c.view as never, legal: [], viewer: c.viewer, targets: new Map(), picked: [], onPick: () => {}, last, who: new Who([]) };
      const outlined = elements(render(ui.Board(props))).filter((e) => String(e.attrs.class ?? '').split(' ').includes('last'));
      if (action.kind === 'end_moves') expect(outlined, text).toEqual([]);
      else {
        expect(outlined.length, `${c.spec}: ${text}`).toBeGreaterThan(0);
        drawnKinds.add(action.kind);
      }
    }
  }
  expect([...drawnKinds].sort()).toEqual(['attack', 'discard', 'group', 'move_from', 'place', 'remove', 'retreat', 'start', 'take', 'to']);
});

test('kitara: hero token values appear only for the seat the view gives them to', () => {
  const { holders, views } = kitaraFixtures.tokens;
  expect(holders.length).toBeGreaterThan(0);
  for (const [who, view] of Object.entries(views)) {
    const viewer = who === 'spectator' ? 'spectator' : Number(who);
    const tree = drawKitara(view, viewer);
    const els = elements(tree);
    const shown = els.filter((e) => e.attrs['data-token-seat'] !== undefined);
    // The count of every seat's tokens is drawn...
    for (const p of view.players) {
      const count = els.find((e) => e.attrs['data-hero-tokens'] === p.seat)!;
      expect(count.attrs['data-count']).toBe(p.hero_tokens);
    }
    // ...and values only for the viewer's own tokens, exactly as its view lists them.
    const own = viewer === 'spectator' ? [] : (view.players[viewer].hero_token_values ?? []);
    expect(shown.map((e) => [e.attrs['data-token-seat'], e.attrs['data-token-value']])).toEqual(own.map((v) => [viewer, v]));
    for (const h of holders) {
      const values = (views[String(h)].players[h].hero_token_values ?? []).join(' + ');
      expect(values.length).toBeGreaterThan(0);
      if (h !== viewer) expect(text(tree)).not.toContain(`worth ${values}`);
      else expect(text(tree)).toContain(`worth ${values}`);
    }
  }
});

// The warning before a move that leaves cards unfed: the food a move leaves, worked out from the
// view (the group, its area, the target), and the game's warning words.
test('kitara: a move off the last savanna with warriors is warned about; a harmless one is not', () => {
  const area = (name: string, type: string, owner: number, figures: number[]) => ({ name, type, owner, figures, start: false, neighbours: [] });
  const view = {
    game: 'kitara',
    viewer: 0,
    phase: 'move_border',
    to_act: [0],
    current: 0,
    turn: { source: 'O5', group: [2, 0, 0], moves_left: 1, take_choices: 1, recruit: [0, 0, 0], to_discard: 0, remove: [0, 0, 0] },
    row: [],
    map: [area('O5', 'savanna', 0, [2, 0, 0]), area('O6', 'savanna', 0, [0, 1, 0]), area('I2', 'ruin', -1, [0, 0, 0]), area('O4', 'savanna', 1, [1, 0, 0])],
    players: [{ seat: 0, food: 1, hungry_cards: 1 }],
  } as unknown as KitaraView;
  // Both warriors leave the only savanna with warriors for a ruin: nothing feeds the card.
  expect(feedingAfter({ kind: 'to', area: 'I2' }, view)).toEqual({ food: 0, hungry: 1 });
  const warning = ui.warn!({ kind: 'to', area: 'I2' }, view as never)!;
  expect(warning).toMatch(/feed 0 of your 1 card: at the end of this turn you must discard 1 card, and each takes its figures off the map/);
  // Into the own savanna O6 (its animal alone fed nothing): the warriors feed there.
  expect(ui.warn!({ kind: 'to', area: 'O6' }, view as never)).toBeNull();
  // Winning an enemy savanna with them feeds too.
  expect(feedingAfter({ kind: 'attack', area: 'O4' }, view)).toEqual({ food: 1, hungry: 1 });
  expect(ui.warn!({ kind: 'attack', area: 'O4' }, view as never)).toBeNull();
});

// The round summary: every seat's points and cards once a round is over, with what the round
// brought where the page saw it begin, and nothing before round 1 is over.
test('kitara: a round that ends is summed up with every seat\'s points and cards', () => {
  const who = new Who(['P0 Ada', 'P1 AI easy'], 0);
  const view = (round: number, phase: string, scores: number[], cards: number[]) =>
    ({ round, phase, players: scores.map((score, s) => ({ seat: s, score, kingdom: Array(cards[s]).fill({}) })) }) as unknown as KitaraView;
  const starts = new Map<number, { score: number; cards: number }[]>();
  expect(roundSummary(view(1, 'take', [0, 0], [1, 1]), who, starts)).toBeNull();
  // Round 2 begins after round 1 (which the page did not see begin): the state of things only.
  expect(roundSummary(view(2, 'take', [3, 5], [2, 3]), who, starts)).toBe('Round 1 is over: you 3 points, 2 cards; P1 AI easy 5 points, 3 cards.');
  // Both starts seen: what round 2 brought.
  starts.set(2, [
    { score: 3, cards: 2 },
    { score: 5, cards: 3 },
  ]);
  starts.set(3, [
    { score: 5, cards: 1 },
    { score: 9, cards: 3 },
  ]);
  expect(roundSummary(view(3, 'move_source', [6, 9], [1, 4]), who, starts)).toBe('Round 2 is over: you 5 points (+2), 1 card (-1); P1 AI easy 9 points (+4), 3 cards.');
  expect(roundSummary(view(3, 'over', [7, 12], [1, 4]), who, starts)).toBe('Round 3 was the last: you 7 points (+2), 1 card; P1 AI easy 12 points (+3), 4 cards (+1).');
  // Drawn on the board, under the round's title.
  const c = kitaraCases.find((x) => x.view.phase === 'over')!;
  const board = { view: c.view, viewer: c.view.viewer, targets: new Map(), picked: [], onPick: () => {}, last: null, who: new Who(c.view.players.map((_, s) => `P${s}`), c.view.viewer) } as unknown as BoardProps<KitaraView>;
  const summary = elements(render(ui.Board(board as never))).filter((e) => e.attrs['data-round-summary'] !== undefined);
  expect(summary.length).toBe(1);
  expect(text([summary[0]])).toMatch(new RegExp(`^Round ${c.view.round} was the last: `));
});

// Every choice button of every fixture position is in words: no card code ("D1 W1"), and the
// take, discard and area choices name what they are.
test('kitara: every choice reads in words, never as card codes', () => {
  let checked = 0;
  for (const c of [...kitaraFixtures.cases, ...kitaraFixtures.starts]) {
    const who = new Who(c.view.players.map((_, s) => `P${s}`), c.viewer);
    for (const { text: a, a: action } of actions<KitaraAction>(c)) {
      const words = ui.label!(action as never, c.view as never, who);
      expect(words, a).not.toBeNull();
      expect(words!, a).not.toMatch(/\b[DWAHMPF]\d\b/);
      if (action.kind === 'take' || action.kind === 'discard') expect(words!, a).toMatch(/age \d|start card/);
      checked++;
    }
  }
  expect(checked).toBeGreaterThan(30);
});
