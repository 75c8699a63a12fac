// The positions of Kitara's unit test fixtures (tests/unit/fixtures/find_positions.mjs): a player
// that likes heroes and attacks (so that hero tokens, attacks and retreats occur) keeps the first
// position of each decision kind (`cases`), one position in which seats hold hero tokens
// (`tokens`: make_fixtures.mjs gives it every seat's and a spectator's view), and the first
// decision of a game of each player count (`starts`).

// Steps from `from` to the nearest area held by another seat (white borders only).
function distanceToEnemy(view, from, me) {
  const byName = new Map(view.map.map((a) => [a.name, a]));
  const seen = new Set([from]);
  let frontier = [from];
  for (let d = 0; frontier.length; d++) {
    if (frontier.some((n) => byName.get(n).owner >= 0 && byName.get(n).owner !== me)) return d;
    const next = [];
    for (const n of frontier)
      for (const m of byName.get(n).neighbours)
        if (!seen.has(m)) {
          seen.add(m);
          next.push(m);
        }
    frontier = next;
  }
  return 99;
}

// Seats 0 and 2 like heroes and attacks, the others play at random: takes hero cards, moves its
// heroes with the biggest group towards the nearest enemy area and attacks; otherwise random.
function kitaraChoose(pickFrom, view, me, options, random) {
  if (random() < 0.1 || me % 2 === 1) return pickFrom(options, random);
  const of = (kind) => options.filter((o) => o.action.kind === kind);
  const any = (list) => (list.length ? pickFrom(list, random) : null);
  const heroCard = (list, position) => list[position - 1]?.figures[2] > 0;
  const mine = view.players[me];
  const size = (a) => a.warriors + a.animals + a.heroes;
  const heroAreas = new Set(view.map.filter((a) => a.owner === me && a.figures[2] > 0).map((a) => a.name));
  const groups = of('group').filter((o) => o.action.heroes > 0).sort((x, y) => size(y.action) - size(x.action));
  const steps = view.turn.group[2] > 0 ? of('to').sort((x, y) => distanceToEnemy(view, x.action.area, me) - distanceToEnemy(view, y.action.area, me)) : [];
  return (
    any(of('attack')) ??
    any(of('take').filter((o) => heroCard(view.row, o.action.position))) ??
    groups[0] ??
    any(of('move_from').filter((o) => heroAreas.has(o.action.area))) ??
    steps[0] ??
    any(of('discard').filter((o) => !heroCard(mine.kingdom, o.action.position))) ??
    pickFrom(options.filter((o) => o.action.kind !== 'end_moves' || random() < 0.15), random)
  );
}

const KITARA_PHASES = ['start', 'take', 'recruit', 'move_source', 'move_group', 'move_border', 'retreat', 'discard', 'remove', 'over'];
export default function kitara({ play, pickFrom }) {
  const cases = new Map(); // phase -> position
  let tokens = null;
  const SPECS = ['kitara(players=2)', 'kitara(deck=red,players=3)', 'kitara(players=4)', 'kitara(players=3)'];
  const found = () => cases.size === KITARA_PHASES.length && tokens !== null;
  for (let seed = 1; seed <= 40 && !found(); seed++) {
    const spec = SPECS[seed % SPECS.length];
    play(
      spec,
      seed,
      (view, actor, options, history) => {
        if (!cases.has(view.phase)) cases.set(view.phase, { spec, seed, actions: [...history] });
        const holders = view.players.filter((p) => p.hero_tokens > 0).map((p) => p.seat);
        if (view.phase !== 'over' && holders.length > (tokens?.holders.length ?? 0)) tokens = { spec, seed, actions: [...history], holders };
        return found();
      },
      (view, me, options, random) => kitaraChoose(pickFrom, view, me, options, random),
    );
  }
  const missing = KITARA_PHASES.filter((p) => !cases.has(p));
  if (missing.length || !tokens) throw new Error(`no Kitara position found for: ${[...missing, ...(tokens ? [] : ['hero tokens'])].join(', ')}`);
  const starts = [2, 3, 4].map((n) => ({ spec: `kitara(players=${n})`, seed: 1, actions: [] }));
  return { cases: KITARA_PHASES.map((p) => cases.get(p)), starts, tokens };
}
