// Kitara: the map's areas with their figures, the card row and the deck, the turn in progress
// (moves left, the group being moved, a retreat), every kingdom's cards and each seat's hero
// tokens: their number for everyone, their values only where this seat's view gives them.
import type { JSX } from 'preact';
import { actionsOf, addTarget, groupOf, type LegalAction, type Targets } from '../../choices.ts';
import type { KitaraAction, KitaraCard, KitaraFigures, KitaraView } from '../../generated/schemas.ts';
import { SeatShape } from '../../palette.tsx';
import type { StructuredAction } from '../../api.ts';
import type { Who } from '../../who.ts';
import { Mini, plural, PlayerRow, Target, turnLine, type BoardProps, type GameUi } from '../common.tsx';
import { CardSymbols, cardSymbols, SymbolIcon, SymbolLegend, symbolsText, type KitaraSymbol } from './symbols.tsx';

type Figures = KitaraFigures; // warriors, ruler animals, heroes
type Area = KitaraView['map'][number];
type KCard = KitaraCard;
type Player = KitaraView['players'][number];

export const KINDS = ['warriors', 'animals', 'heroes'] as const;

// The area a structured action names (start, place, move_from, to, attack, retreat, remove), or
// null.
export function areaOf(action: KitaraAction): string | null {
  return 'area' in action ? action.area : null;
}

// Board targets: `area:NAME`, `row:I` (the card at row position I, 0 next to the deck),
// `kingdom:I` (the viewer's kingdom card I, to discard), and for choosing a group
// `warriors:N`, `animals:N`, `heroes:N` (only for kinds whose number is a real choice).
function targets(legal: LegalAction[]): Targets {
  const t: Targets = new Map();
  const groups: [string, Figures][] = [];
  for (const { text, action: a } of actionsOf<KitaraAction>(legal)) {
    const area = areaOf(a);
    if (area !== null) addTarget(t, `area:${area}`, text);
    else if (a.kind === 'take') addTarget(t, `row:${a.position - 1}`, text);
    else if (a.kind === 'discard') addTarget(t, `kingdom:${a.position - 1}`, text);
    else if (a.kind === 'group') groups.push([text, [a.warriors, a.animals, a.heroes]]);
  }
  for (let k = 0; k < 3; k++) {
    if (new Set(groups.map(([, f]) => f[k])).size < 2) continue;
    for (const [a, f] of groups) addTarget(t, `${KINDS[k]}:${f[k]}`, a);
  }
  return t;
}

// ---- The map's layout ---------------------------------------------------------------------------
interface Shape {
  path?: string; // an area of the rings
  circle?: { r: number }; // an area of the circle layout
  cx: number;
  cy: number;
}
interface Layout {
  shapes: Map<string, Shape>;
  lines: [string, string][]; // borders to draw as lines (circle layout)
}

// The map is drawn in a 420-unit box scaled to the width (about 1:1 on a laptop, 0.86 on a
// phone), its text at 14 units and up.
const MX = 210,
  MY = 210;
function polar(r: number, turn: number): [number, number] {
  const a = -Math.PI / 2 + 2 * Math.PI * turn;
  return [MX + r * Math.cos(a), MY + r * Math.sin(a)];
}
function sector(r0: number, r1: number, t0: number, t1: number): string {
  const [ax, ay] = polar(r1, t0),
    [bx, by] = polar(r1, t1),
    [cx, cy] = polar(r0, t1),
    [dx, dy] = polar(r0, t0);
  const large = t1 - t0 > 0.5 ? 1 : 0;
  const f = (n: number) => n.toFixed(1);
  return `M${f(ax)} ${f(ay)} A${r1} ${r1} 0 ${large} 1 ${f(bx)} ${f(by)} L${f(cx)} ${f(cy)} A${r0} ${r0} 0 ${large} 0 ${f(dx)} ${f(dy)} Z`;
}

// The rings as the map's data place the areas (the view's `ring` and `slot`): the centre (ring
// 0, the lake), an inner ring 1 and an outer ring 2, each cut into equal slots clockwise from the
// top, every outer area beside the inner area it borders. That drawing is used only when the
// data place every area so and its touching areas are exactly the map's white borders; any other
// map is drawn as areas on a circle joined by lines for their borders.
function ringLayout(map: Area[]): Layout | null {
  if (map.some((a) => a.ring < 0 || a.slot < 0)) return null;
  const centre = map.filter((a) => a.ring === 0);
  const inner = map.filter((a) => a.ring === 1);
  const outer = map.filter((a) => a.ring === 2);
  const ni = inner.length,
    no = outer.length;
  if (centre.length > 1 || centre.some((a) => a.type !== 'lake') || ni < 3 || no < ni || no % ni !== 0) return null;
  if (centre.length + ni + no !== map.length) return null;
  const slots = (ring: Area[], n: number) => new Set(ring.map((a) => a.slot)).size === n && ring.every((a) => a.slot < n);
  if (!slots(inner, ni) || !slots(outer, no)) return null;
  const per = no / ni;
  const at = new Map(map.map((a) => [`${a.ring}:${a.slot}`, a.name]));
  const expected = (a: Area): string[] => {
    const i = a.slot;
    if (a.ring === 1) {
      const out = [at.get(`1:${(i + 1) % ni}`)!, at.get(`1:${(i + ni - 1) % ni}`)!];
      for (let j = 0; j < per; j++) out.push(at.get(`2:${i * per + j}`)!);
      return out;
    }
    return [at.get(`2:${(i + 1) % no}`)!, at.get(`2:${(i + no - 1) % no}`)!, at.get(`1:${Math.floor(i / per)}`)!];
  };
  for (const a of [...inner, ...outer]) {
    const want = new Set(expected(a));
    if (want.size !== a.neighbours.length || a.neighbours.some((n) => !want.has(n))) return null;
  }
  const shapes = new Map<string, Shape>();
  for (const a of centre) shapes.set(a.name, { circle: { r: 56 }, cx: MX, cy: MY });
  for (const a of inner) {
    const i = a.slot;
    const [cx, cy] = polar(99, (i + 0.5) / ni);
    shapes.set(a.name, { path: sector(58, 138, i / ni, (i + 1) / ni), cx, cy });
  }
  for (const a of outer) {
    const o = a.slot;
    const [cx, cy] = polar(174, (o + 0.5) / no);
    shapes.set(a.name, { path: sector(138, 208, o / no, (o + 1) / no), cx, cy });
  }
  return { shapes, lines: [] };
}

function circleLayout(map: Area[]): Layout {
  const shapes = new Map<string, Shape>();
  const land = map.filter((a) => a.type !== 'lake');
  const lakes = map.filter((a) => a.type === 'lake');
  const r = Math.max(16, Math.min(30, (Math.PI * 170) / Math.max(1, land.length) - 4));
  land.forEach((a, i) => {
    const [cx, cy] = polar(172, i / land.length);
    shapes.set(a.name, { circle: { r }, cx, cy });
  });
  lakes.forEach((a, i) => shapes.set(a.name, { circle: { r: 26 }, cx: MX + (i - (lakes.length - 1) / 2) * 58, cy: MY }));
  const lines: [string, string][] = [];
  for (const a of land) for (const n of a.neighbours) if (a.name < n) lines.push([a.name, n]);
  return { shapes, lines };
}

export function layout(map: Area[]): Layout {
  return ringLayout(map) ?? circleLayout(map);
}

// ---- Drawing ------------------------------------------------------------------------------------

// A group of figures drawn: each kind's symbol with its number, side by side (two to a line).
const FIGURE_SYMBOLS = ['warrior', 'animal', 'hero'] as const;
function FigureIcons(props: { figures: Figures; x: number; y: number }): JSX.Element {
  const kinds = props.figures.map((n, k) => [n, k] as const).filter(([n]) => n > 0);
  return (
    <g class="figure-icons">
      {kinds.map(([n, k], i) => {
        const x = props.x + (i % 2) * 30,
          y = props.y + Math.floor(i / 2) * 16;
        return (
          <g key={k}>
            <SymbolIcon kind={FIGURE_SYMBOLS[k]} x={x} y={y - 12} s={13} />
            <text x={x + 14} y={y} class="area-figures">
              {n}
            </text>
          </g>
        );
      })}
    </g>
  );
}

function figuresWords(f: Figures): string {
  const words = ['warrior', 'animal', 'hero'];
  const plurals = ['warriors', 'animals', 'heroes'];
  return (
    f
      .map((n, k) => (n > 0 ? `${n} ${n === 1 ? words[k] : plurals[k]}` : ''))
      .filter(Boolean)
      .join(', ') || 'nothing'
  );
}

// Outlined areas (clickable, the last move, the group's area) are drawn after the others, so
// that their neighbours never cover their outline.
function drawOrder(map: Area[], board: BoardProps<KitaraView>, lastArea: string | null): Area[] {
  const outlined = (a: Area) => board.targets.has(`area:${a.name}`) || a.name === lastArea || a.name === board.view.turn?.source;
  return [...map.filter((a) => !outlined(a)), ...map.filter(outlined)];
}

function MapView(props: { board: BoardProps<KitaraView>; view: KitaraView; lay: Layout; lastArea: string | null }): JSX.Element {
  const { board, view, lay } = props;
  const attack = view.last_attack;
  const arrow = (from: string, to: string, cls: string, title: string) => {
    const a = lay.shapes.get(from),
      b = lay.shapes.get(to);
    if (!a || !b) return null;
    // From a quarter of the way to three quarters, clear of the areas' labels.
    const at = (f: number) => [a.cx + (b.cx - a.cx) * f, a.cy + (b.cy - a.cy) * f];
    const [x1, y1] = at(0.25),
      [x2, y2] = at(0.7);
    return (
      <g class={cls}>
        <title>{title}</title>
        <line x1={x1} y1={y1} x2={x2} y2={y2} marker-end="url(#kitara-arrow)" />
      </g>
    );
  };
  return (
    <g>
      <defs>
        <marker id="kitara-arrow" markerWidth="8" markerHeight="8" refX="6" refY="4" orient="auto">
          <path d="M0,0 L8,4 L0,8 z" class="arrowhead" />
        </marker>
        <pattern id="kitara-ruin" width="8" height="8" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
          <rect width="8" height="8" class="ruin-bg" />
          <line x1="0" y1="0" x2="0" y2="8" class="ruin-hatch" />
        </pattern>
      </defs>
      {lay.lines.map(([a, b]) => {
        const s = lay.shapes.get(a)!,
          t = lay.shapes.get(b)!;
        return <line key={`${a}-${b}`} x1={s.cx} y1={s.cy} x2={t.cx} y2={t.cy} class="border-line" />;
      })}
      {drawOrder(view.map, board, props.lastArea).map((a) => {
        const s = lay.shapes.get(a.name)!;
        const label = `${a.name}, ${a.type}${a.start ? ' (start area)' : ''}${a.owner >= 0 ? `: ${board.who.name(a.owner)}, ${figuresWords(a.figures)}` : ''}`;
        const classes = [
          'area',
          a.type,
          a.name === view.turn.source ? 'source' : '',
          a.name === props.lastArea ? 'last' : '',
          attack && attack.area === a.name ? 'attacked' : '',
        ]
          .filter(Boolean)
          .join(' ');
        const shape = s.path ? (
          <path d={s.path} class="area-shape" />
        ) : (
          <circle cx={s.cx} cy={s.cy} r={s.circle!.r} class="area-shape" />
        );
        const lake = a.type === 'lake';
        const body = (
          <g class={classes} data-area={a.name} data-owner={a.owner} data-figures={a.figures.join(',')}>
            {shape}
            <text x={s.cx} y={s.cy - (lake ? -5 : 12)} text-anchor="middle" class="area-name">
              {lake ? 'lake' : a.name}
              {a.start ? '☆' : ''}
            </text>
            {a.owner >= 0 ? (
              <g>
                <SeatShape seat={a.owner} x={s.cx - 26} y={s.cy + 1} r={6} />
                <FigureIcons figures={a.figures} x={s.cx - 17} y={s.cy + 6} />
              </g>
            ) : null}
          </g>
        );
        if (a.type === 'lake') return <g key={a.name}>{body}</g>;
        return (
          <Target key={a.name} k={`area:${a.name}`} board={board} label={label}>
            {body}
          </Target>
        );
      })}
      {attack ? arrow(attack.from, attack.area, 'move-arrow', `last attack: ${board.who.name(attack.attacker)} from ${attack.from} into ${attack.area}`) : null}
      {attack && attack.retreat_to
        ? arrow(attack.area, attack.retreat_to, 'retreat-arrow', `${board.who.says(attack.defender, 'retreated', 'retreated')} from ${attack.area} to ${attack.retreat_to}`)
        : null}
    </g>
  );
}

// Ages from light to dark; the age is always written on the card too.
const AGE_FILL = ['#f7f4ea', '#e8dcb5', '#d9c48a', '#c9a866', '#a9854a', '#7d6235'];
const CARD_W = 58,
  CARD_H = 76;

// A card in words: "age 3: 1 warrior, 2 move" (its hover text, the discard line).
export function cardWords(card: KCard): string {
  return `${card.age === 0 ? 'start card' : `age ${card.age}`}: ${symbolsText(cardSymbols(card))}`;
}

// A kingdom card as a small drawing at its own size: its age and its symbols, drawn.
function CardView(props: { card: KCard; highlight?: boolean; dim?: boolean }): JSX.Element {
  const { card } = props;
  const symbols = cardSymbols(card);
  const [x, y, w, h] = [2, 2, CARD_W, CARD_H];
  return (
    <g class={`card kitara-card${props.highlight ? ' last' : ''}${props.dim ? ' dim' : ''}`} data-card={card.card} data-symbols={symbolsText(symbols)} data-box>
      <title>{cardWords(card)}</title>
      <rect x={x} y={y} width={w} height={h} rx={5} class="card-face" />
      <rect x={x + 2} y={y + 2} width={w - 4} height={17} rx={3} fill={AGE_FILL[Math.min(card.age, 5)]} />
      <text x={x + w / 2} y={y + 15} text-anchor="middle" class={card.age >= 4 ? 'card-age dark' : 'card-age'}>
        {card.age === 0 ? 'start' : `age ${card.age}`}
      </text>
      <CardSymbols symbols={symbols} x={x} y={y + 23} w={w} />
    </g>
  );
}

// The card row beside the deck (click a card to take it), the deck by age, the bag, the discards.
// `justDiscarded`: the last move was a discard, so the discard line is outlined as the last move.
function Row(props: { board: BoardProps<KitaraView>; view: KitaraView; justDiscarded: boolean }): JSX.Element {
  const { board, view } = props;
  const choices = view.turn.take_choices;
  return (
    <div class="card-row" role="group" aria-label="the card row">
      <h2 class="part-title">Card row{choices > 0 ? ` (take one of the first ${choices})` : ''}</h2>
      <div class="cards">
        <Mini w={CARD_W + 4} h={CARD_H + 4} data={{ 'data-deck': view.deck.size }} label={`deck: ${view.deck.size} cards`}>
          <rect x={2} y={2} width={CARD_W} height={CARD_H} rx={5} class="deck" />
          <text x={CARD_W / 2 + 2} y={38} text-anchor="middle" class="deck-count">
            {view.deck.size}
          </text>
          <text x={CARD_W / 2 + 2} y={58} text-anchor="middle" class="deck-label">
            deck
          </text>
        </Mini>
        {view.row.map((c, i) => (
          <Mini key={c.card} w={CARD_W + 4} h={CARD_H + 4}>
            <Target k={`row:${i}`} board={board} label={`take card ${i + 1}: ${cardWords(c)}`}>
              <g data-row={i}>
                <CardView card={c} dim={choices > 0 && i >= choices} />
              </g>
            </Target>
          </Mini>
        ))}
      </div>
      <p class="note">
        deck by age 1–5: {view.deck.by_age.join(' · ')} · {plural(view.bag, 'hero token', 'hero tokens')} in the bag ·{' '}
        <span class={`discards${props.justDiscarded ? ' last' : ''}`} data-discards={view.discards.length}>
          {plural(view.discards.length, 'card', 'cards')} discarded
        </span>
      </p>
    </div>
  );
}

// The turn in progress: whose turn and phase, moves left, and the group chooser while a group is
// being formed.
function turnLines(view: KitaraView, who: Who): string[] {
  const t = view.turn;
  const lines: string[] = [];
  if (view.phase !== 'over' && view.phase !== 'start') {
    const moving = view.phase.startsWith('move') || view.phase === 'retreat';
    lines.push(`${who.Poss(view.current)} turn${moving ? `: ${plural(t.moves_left, 'move', 'moves')} left` : ''}`);
    if (view.phase === 'recruit') lines.push(`to place: ${figuresWords(t.recruit)}`);
    if (t.source) lines.push(`moving from ${t.source}${view.phase === 'move_border' ? `: ${figuresWords(t.group)}` : ''}`);
    if (view.phase === 'discard' || view.phase === 'remove') lines.push(`cards still to discard: ${t.to_discard}`);
    if (view.phase === 'remove') lines.push(`figures to remove: ${figuresWords(t.remove)}`);
  }
  if (view.retreat) {
    lines.push(`${who.says(view.retreat.player, 'retreat', 'retreats')} ${figuresWords(view.retreat.figures)} from ${view.retreat.from}`);
    lines.push(`to ${view.retreat.options.join(' or ')}`);
  }
  const a = view.last_attack;
  if (a) {
    lines.push(`last attack: ${who.name(a.attacker)} from ${a.from} into ${a.area} with ${plural(a.size, 'figure', 'figures')}`);
    lines.push(`${a.drew_token ? 'drew a hero token; ' : ''}${who.name(a.defender)} ${a.retreat_to ? `retreated to ${a.retreat_to}` : 'retreating'}`);
  }
  return lines;
}

// Each seat's points and kingdom cards at the start of a round, as this page saw the round begin
// (a view one round on from the one before it); rounds the page did not see begin are absent.
type RoundStarts = Map<number, { score: number; cards: number }[]>;

function recordRoundStart(starts: RoundStarts, previous: KitaraView | null, view: KitaraView): void {
  if (previous && view.round === previous.round + 1)
    starts.set(
      view.round,
      view.players.map((p) => ({ score: p.score, cards: p.kingdom.length })),
    );
}

// The round summary, so that no round passes unseen: once round 1 is over, every seat's points
// and kingdom cards after the last round, with what the round brought where this page saw it
// begin ("Round 2 is over: you 14 points (+3), 2 cards (-1); P1 AI easy 12 points (+5), 4 cards").
export function roundSummary(view: KitaraView, who: Who, starts: RoundStarts): string | null {
  const done = view.phase === 'over' ? view.round : view.round - 1;
  if (done < 1) return null;
  const before = starts.get(done),
    after = view.phase === 'over' ? undefined : starts.get(done + 1);
  const delta = (n: number) => (n === 0 ? '' : ` (${n > 0 ? '+' : ''}${n})`);
  const seats = view.players.map((p, s) => {
    const now = after?.[s] ?? { score: p.score, cards: p.kingdom.length };
    const was = before?.[s];
    const points = `${plural(now.score, 'point', 'points')}${was ? delta(now.score - was.score) : ''}`;
    const cards = `${plural(now.cards, 'card', 'cards')}${was ? delta(now.cards - was.cards) : ''}`;
    return `${who.name(s)} ${points}, ${cards}`;
  });
  const what = view.phase === 'over' ? `Round ${done} was the last` : `Round ${done} is over`;
  return `${what}: ${seats.join('; ')}.`;
}

function Turn(props: { board: BoardProps<KitaraView>; view: KitaraView }): JSX.Element {
  const { board, view } = props;
  const lines = turnLines(view, board.who);
  // What the page saw of the rounds' starts (in the page's memory of this table, where it has one).
  let starts: RoundStarts = new Map();
  if (board.memory) {
    const seen = (board.memory.get('kitara-rounds') as { starts: RoundStarts; previous: KitaraView | null } | undefined) ?? { starts, previous: null };
    if (seen.previous !== view) {
      recordRoundStart(seen.starts, seen.previous, view);
      seen.previous = view;
    }
    board.memory.set('kitara-rounds', seen);
    starts = seen.starts;
  }
  const summary = roundSummary(view, board.who, starts);
  const groupKeys = [...board.targets.keys()].filter((k) => (KINDS as readonly string[]).includes(groupOf(k)));
  return (
    <div class="turn" role="group" aria-label="the turn">
      <h2 class="part-title">
        Round {view.round}
        {view.last_round ? ` (the last round is ${view.last_round})` : ''}
      </h2>
      {summary ? (
        <p class="round-summary" data-round-summary={view.phase === 'over' ? view.round : view.round - 1}>
          {summary}
        </p>
      ) : null}
      {lines.map((l, i) => (
        <p key={i} class="turn-line" data-turn-line={i}>
          {l}
        </p>
      ))}
      {groupKeys.length ? (
        <div data-group-chooser>
          <p class="turn-line">Choose how many of each to move:</p>
          {KINDS.map((kind) => {
            const values = groupKeys
              .filter((key) => key.startsWith(kind + ':'))
              .map((key) => Number(key.split(':')[1]))
              .sort((p, q) => p - q);
            if (!values.length) return null;
            return (
              <div key={kind} class="group-kind">
                <span class="group-label">{kind}</span>
                {values.map((n) => (
                  <Mini key={n} w={34} h={34}>
                    <Target k={`${kind}:${n}`} board={board} label={`move ${n} ${kind}`}>
                      <g class="count-box" data-box>
                        <rect x={2} y={2} width={30} height={30} rx={5} />
                        <text x={17} y={23} text-anchor="middle">
                          {n}
                        </text>
                      </g>
                    </Target>
                  </Mini>
                ))}
              </div>
            );
          })}
        </div>
      ) : null}
    </div>
  );
}

// What known hero tokens are worth: "3 points", "2 + 2 = 4 points".
function tokenWorth(values: number[]): string {
  const sum = values.reduce((x, y) => x + y, 0);
  return values.length > 1 ? `${values.join(' + ')} = ${plural(sum, 'point', 'points')}` : plural(sum, 'point', 'points');
}

function tokensText(p: Player): string {
  const values = p.hero_token_values;
  let s = `${plural(p.hero_tokens, 'hero token', 'hero tokens')}`;
  if (values && values.length) s += ` worth ${tokenWorth(values)}`;
  if (p.drawn_this_turn) s += `; ${plural(p.drawn_this_turn, 'token', 'tokens')} drawn this turn${p.drawn_values?.length ? ` (${p.drawn_values.join(', ')}), the best is kept` : ''}`;
  return s;
}

// A tile among a kingdom's cards: a title and symbols with their numbers, one a line (the
// kingdom's symbols, its supply of figures), the same drawings as the cards'.
function SymbolTile(props: { title: string; items: [KitaraSymbol, number][]; words: string }): JSX.Element {
  return (
    <Mini w={CARD_W + 4} h={CARD_H + 4} label={props.words}>
      <g class="symbol-tile" data-box>
        <rect x={2} y={2} width={CARD_W} height={CARD_H} rx={5} class="tile-face" />
        <text x={CARD_W / 2 + 2} y={16} text-anchor="middle" class="tile-title">
          {props.title}
        </text>
        {props.items.map(([kind, n], i) => (
          <g key={kind}>
            <SymbolIcon kind={kind} x={10} y={23 + i * 17} s={14} />
            <text x={30} y={35 + i * 17} class="ksym-count">
              {n}
            </text>
          </g>
        ))}
      </g>
    </Mini>
  );
}

function Kingdoms(props: { board: BoardProps<KitaraView>; view: KitaraView; last: { seat: number; card: number } | null }): JSX.Element {
  const { board, view } = props;
  return (
    <div class="part kingdoms" role="group" aria-label="the kingdoms">
      {view.players.map((p) => {
        const mine = board.viewer === p.seat;
        const head = (
          <>
            {plural(p.score, 'point', 'points')} · feeds {p.food} of {plural(p.hungry_cards, 'card', 'cards')} ·{' '}
            <span class="tokens" data-hero-tokens={p.seat} data-count={p.hero_tokens}>
              {tokensText(p)}
              {(p.hero_token_values ?? []).map((v, j) => (
                <Mini key={j} w={22} h={22} data={{ 'data-token-seat': p.seat, 'data-token-value': v }}>
                  <circle cx={11} cy={11} r={10} class="hero-token" />
                  <text x={11} y={15.5} text-anchor="middle" class="token-value">
                    {v}
                  </text>
                </Mini>
              ))}
            </span>
          </>
        );
        const totals: [KitaraSymbol, number][] = [
          ['take', p.symbols.take],
          ['move', p.symbols.moves],
          ['prosperity', p.symbols.prosperity],
        ];
        const supply: [KitaraSymbol, number][] = [
          ['warrior', p.supply[0]],
          ['animal', p.supply[1]],
          ['hero', p.supply[2]],
        ];
        return (
          <PlayerRow key={p.seat} seat={p.seat} who={board.who} acting={view.to_act.includes(p.seat)} head={head}>
            <div class="cards">
              <SymbolTile title="totals" items={totals} words={`the kingdom's symbols: take ${p.symbols.take}, moves ${p.symbols.moves}, prosperity ${p.symbols.prosperity}`} />
              <SymbolTile title="supply" items={supply} words={`figures in the supply: ${figuresWords(p.supply)}`} />
              {p.kingdom.map((c, j) => {
                const card = <CardView card={c} highlight={props.last?.seat === p.seat && props.last.card === c.card} />;
                return (
                  <Mini key={c.card} w={CARD_W + 4} h={CARD_H + 4}>
                    {mine ? (
                      <Target k={`kingdom:${j}`} board={board} label={`discard ${j + 1}: ${cardWords(c)}`}>
                        <g data-kingdom-card={j}>{card}</g>
                      </Target>
                    ) : (
                      card
                    )}
                  </Mini>
                );
              })}
            </div>
          </PlayerRow>
        );
      })}
    </div>
  );
}

// The map (scaled to the width) beside the card row, the turn and the kingdoms (words and small
// card drawings that wrap), so that on a laptop every kingdom is in the first screen; on a phone
// one below the other.
function Board(board: BoardProps<KitaraView>): JSX.Element {
  const view = board.view;
  const lay = layout(view.map);
  const last = board.last;
  const lastAction = last ? (last.structured as unknown as KitaraAction) : null;
  const lastArea = lastAction ? (areaOf(lastAction) ?? (lastAction.kind === 'group' ? view.turn.source : null)) : null;
  // A card just taken is the newest of that kingdom.
  let lastCard: { seat: number; card: number } | null = null;
  if (last && lastAction?.kind === 'take') {
    const k = view.players[last.player]?.kingdom;
    if (k && k.length) lastCard = { seat: last.player, card: k[k.length - 1].card };
  }
  return (
    <div class="kitara-board" role="group" aria-label="Kitara table">
      <div class="part map">
        <svg viewBox="0 0 420 420" class="board" aria-label="the map">
          <MapView board={board} view={view} lay={lay} lastArea={lastArea} />
        </svg>
        <p class="note legend">
          ☆ start area · hatched: ruin (2 points a turn with a ruler animal) · plain: savanna (feeds a card with a warrior)
        </p>
        <Turn board={board} view={view} />
      </div>
      <div class="part side">
        <Row board={board} view={view} justDiscarded={lastAction?.kind === 'discard'} />
        <Kingdoms board={board} view={view} last={lastCard} />
        <details class="symbols-help">
          <summary>What the card symbols mean</summary>
          <SymbolLegend />
        </details>
      </div>
    </div>
  );
}

function phase(view: KitaraView, who: Who): string {
  const round = `Round ${view.round}${view.last_round ? ` of ${view.last_round}` : ''} · `;
  const t = view.turn;
  const line = (seat: number, yours: string, theirs: string) => turnLine(who, [seat], yours, theirs);
  const c = view.current;
  switch (view.phase) {
    case 'over':
      return 'Game over';
    case 'start':
      return `Set-up · ${line(c, 'put your three warriors on a free start area (☆)', 'puts three warriors on a start area')}`;
    case 'take':
      return round + line(c, `take a card (one of the first ${t.take_choices})`, 'takes a card');
    case 'recruit':
      return round + line(c, `place your new figures: ${figuresWords(t.recruit)}`, `places new figures: ${figuresWords(t.recruit)}`);
    case 'move_source':
      return round + line(c, `move (${plural(t.moves_left, 'move', 'moves')} left): choose an area, or end your moves`, `moves (${plural(t.moves_left, 'move', 'moves')} left)`);
    case 'move_group':
      return round + line(c, `choose the figures to move from ${t.source}`, `chooses figures to move from ${t.source}`);
    case 'move_border':
      return round + line(c, `choose where ${figuresWords(t.group)} from ${t.source} go`, `moves ${figuresWords(t.group)} from ${t.source}`);
    case 'retreat':
      return round + line(view.retreat?.player ?? c, `choose where to retreat from ${view.retreat?.from ?? '?'}`, `retreats from ${view.retreat?.from ?? '?'}`);
    case 'discard':
      return round + line(c, `you cannot feed every card: discard ${plural(t.to_discard, 'card', 'cards')}`, `cannot feed every card and discards ${plural(t.to_discard, 'card', 'cards')}`);
    case 'remove':
      return round + line(c, `remove the figures of the discarded card: ${figuresWords(t.remove)}`, `removes the figures of a discarded card: ${figuresWords(t.remove)}`);
    default:
      return round + line(c, 'act', 'acts');
  }
}

// An area in words: "savanna O5", "ruin I2".
function areaWords(view: KitaraView, name: string): string {
  const a = view.map.find((x) => x.name === name);
  return a ? `${a.type} ${name}` : name;
}

// A choice in words: cards by their age and symbols, areas by their type and name.
function label(s: StructuredAction, view: KitaraView, who: Who): string | null {
  const a = s as unknown as KitaraAction;
  const p = typeof view.viewer === 'number' ? view.players[view.viewer] : undefined;
  switch (a.kind) {
    case 'start':
      return `start on ${areaWords(view, a.area)}`;
    case 'take':
      return view.row[a.position - 1] ? `take card ${a.position} (${cardWords(view.row[a.position - 1])})` : null;
    case 'discard':
      return p?.kingdom[a.position - 1] ? `discard card ${a.position} (${cardWords(p.kingdom[a.position - 1])})` : null;
    case 'place':
      return `place a ${a.figure} on ${areaWords(view, a.area)}`;
    case 'remove':
      return `take a ${a.figure} off ${areaWords(view, a.area)}`;
    case 'move_from':
      return `move from ${areaWords(view, a.area)}`;
    case 'to':
      return `to ${areaWords(view, a.area)}`;
    case 'attack': {
      const owner = view.map.find((x) => x.name === a.area)?.owner ?? -1;
      return `attack ${owner >= 0 ? who.name(owner) + ' in ' : ''}${areaWords(view, a.area)}`;
    }
    case 'retreat':
      return `retreat to ${areaWords(view, a.area)}`;
    case 'group':
      return `move ${figuresWords([a.warriors, a.animals, a.heroes])}`;
    case 'end_moves':
      return 'end your moves';
    default:
      return null;
  }
}

// The cards the viewer's savannas with warriors could feed after `action`, and the cards to feed
// then: a move out of a savanna may leave it without warriors (and an attack may win one). (A
// card taken is not counted: the figures it brings and the moves still to come can feed it.)
export function feedingAfter(action: KitaraAction, view: KitaraView): { food: number; hungry: number } | null {
  const seat = typeof view.viewer === 'number' ? view.viewer : -1;
  const me = view.players[seat];
  if (!me) return null;
  const feeds = (map: { type: string; owner: number; figures: number[] }[]) => map.filter((a) => a.type === 'savanna' && a.owner === seat && a.figures[0] > 0).length;
  if (action.kind === 'end_moves') return { food: me.food, hungry: me.hungry_cards };
  if (action.kind !== 'to' && action.kind !== 'attack') return null;
  const group = view.turn.group;
  const map = view.map.map((a) => ({ type: a.type, owner: a.owner, figures: [...a.figures], name: a.name }));
  const from = map.find((a) => a.name === view.turn.source);
  const to = map.find((a) => a.name === action.area);
  if (!from || !to) return null;
  for (let k = 0; k < 3; k++) from.figures[k] -= group[k];
  if (from.figures.every((n) => n === 0)) from.owner = -1;
  if (action.kind === 'attack') to.figures = [...group];
  else for (let k = 0; k < 3; k++) to.figures[k] += group[k];
  to.owner = seat;
  return { food: feeds(map), hungry: me.hungry_cards };
}

// Warns before a choice that leaves cards unfed: at the end of the turn the kingdom discards the
// cards it cannot feed, and each takes its figures off the map.
function warn(s: StructuredAction, view: KitaraView): string | null {
  const action = s as unknown as KitaraAction;
  const after = feedingAfter(action, view);
  const seat = typeof view.viewer === 'number' ? view.viewer : -1;
  const me = view.players[seat];
  if (!after || !me || after.hungry <= after.food) return null;
  // Only a choice that makes it worse, or ends the moves while it stands (ending them, or the
  // turn's last move), needs a word.
  const last = action.kind === 'end_moves' || view.turn.moves_left <= 1;
  const worse = after.food < me.food || last;
  if (!worse) return null;
  const lost = after.hungry - after.food;
  return `Your savannas with warriors would feed ${after.food} of your ${plural(after.hungry, 'card', 'cards')}: at the end of this turn you must discard ${plural(lost, 'card', 'cards')}, and each takes its figures off the map.`;
}

const ui: GameUi<KitaraView> = {
  targets,
  Board,
  phase,
  label,
  warn,
  scores: (view: KitaraView, result) => [
    { label: 'Points', values: result ? result.scores : view.players.map((p) => p.score) },
    { label: 'Hero tokens', values: view.players.map((p) => (p.hero_token_values?.length ? `${p.hero_tokens}, worth ${tokenWorth(p.hero_token_values)}` : p.hero_tokens)) },
    { label: 'Cards', values: view.players.map((p) => p.kingdom.length) },
  ],
};
export default ui;
