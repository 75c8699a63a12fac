// Am Fuß des Kilimandscharo: the trail (a winding row of spaces with villages and the base
// camp), the chance counters face down or up, the expeditions, every player's three piles and
// the viewer's hand and counters.
import type { JSX } from 'preact';
import { actionsOf, addTarget, type LegalAction, type Targets } from '../../choices.ts';
import type { KilimanjaroAction, KilimanjaroView } from '../../generated/schemas.ts';
import { SeatShape } from '../../palette.tsx';
import type { StructuredAction } from '../../api.ts';
import type { Who } from '../../who.ts';
import { Card, Mini, plural, PlayerRow, Target, turnLine, type BoardProps, type GameUi } from '../common.tsx';

type KiliView = KilimanjaroView;
type Player = KiliView['players'][number];

// Transport types: Okabe-Ito colours plus the type's first letters on every card.
const TYPE_FILL: Record<string, string> = { canoe: '#0072B2', jeep: '#F0E442', machete: '#009E73', mule: '#CC79A7' };
const FALLBACK_FILLS = ['#56B4E9', '#E69F00', '#D55E00', '#999999'];
function typeFill(type: string, i = 0): string {
  return TYPE_FILL[type] ?? FALLBACK_FILLS[i % FALLBACK_FILLS.length];
}
const KIND_LETTER: Record<string, string> = { banana: 'B', lion: 'L', change: 'C' };

// A placement: its counter kind and its space; a card to play: the card and the pile
// (`P1 pile 2`); a swap or a send-back: the other expedition.
function targets(legal: LegalAction[]): Targets {
  const t: Targets = new Map();
  for (const { text, action: a } of actionsOf<KilimanjaroAction>(legal)) {
    if (a.kind === 'place') {
      addTarget(t, `space:${a.space}`, text);
      if (a.counter) addTarget(t, `kind:${a.counter}`, text);
    } else if (a.kind === 'play') {
      addTarget(t, `card:${a.card.type} ${a.card.value}`, text);
      addTarget(t, `pile:P${a.target} pile ${a.pile}`, text);
    } else if ((a.kind === 'swap' || a.kind === 'send_back') && a.target !== null) {
      addTarget(t, `expedition:${a.target}`, text);
    }
  }
  return t;
}

// The trail: rows of ten spaces winding up from the start to the base camp, drawn in a box about
// 390 units wide that is scaled to the width, so its 14-unit text stays above 12 px on a phone.
const CELL_W = 38,
  CELL_H = 42,
  TRAIL_X = 4,
  TRAIL_Y = 4;

function cellOf(space: number, rows: number): { x: number; y: number } {
  const r = Math.floor(space / 10),
    c = space % 10;
  const col = r % 2 === 0 ? c : 9 - c;
  return { x: TRAIL_X + col * CELL_W, y: TRAIL_Y + (rows - 1 - r) * CELL_H };
}

// A village (or the start): a small hut; the base camp: a flag (not a triangle, which is a seat's
// shape). So the space needs no word.
function Hut(props: { x: number; y: number; camp?: boolean }): JSX.Element {
  const { x, y } = props;
  return props.camp ? (
    <path d={`M${x + 2} ${y + 12} L${x + 2} ${y - 2} L${x + 13} ${y + 2} L${x + 3.5} ${y + 6} L${x + 3.5} ${y + 12} Z`} class="hut camp" />
  ) : (
    <path d={`M${x} ${y + 4} L${x + 6} ${y} L${x + 12} ${y + 4} L${x + 12} ${y + 10} L${x} ${y + 10} Z`} class="hut" />
  );
}

function Trail(props: { board: BoardProps<KiliView>; view: KiliView }): JSX.Element {
  const { view, board } = props;
  const length = view.trail.length;
  const rows = Math.floor(length / 10) + 1;
  const villages = new Set(view.trail.villages);
  const counters = new Map(view.counters.map((c) => [c.space, c]));
  const lastSpaces = new Set<number>();
  for (const e of view.turn) {
    if (e.type === 'place' || e.type === 'counter') lastSpaces.add(e.space!);
    if (e.type === 'move' || e.type === 'lion' || e.type === 'swap' || e.type === 'send_back') lastSpaces.add(e.to!);
  }
  const cells: JSX.Element[] = [];
  for (let s = 0; s <= length; s++) {
    const { x, y } = cellOf(s, rows);
    const village = villages.has(s);
    const camp = s === length;
    const counter = counters.get(s);
    let counterMark: JSX.Element | null = null;
    if (counter) {
      const known = counter.kind !== null;
      const letter = known ? KIND_LETTER[counter.kind!] ?? '?' : '?';
      const label = counter.face_up
        ? `${counter.kind} (face up)`
        : known
          ? `your ${counter.kind}, face down`
          : `a face-down counter of ${board.who.name(counter.placer)}`;
      counterMark = (
        <g
          class={`counter ${counter.face_up ? 'up' : 'down'}${known ? ' known' : ''}`}
          data-counter-space={s}
          data-counter-kind={known ? counter.kind! : 'hidden'}
        >
          <title>{label}</title>
          <circle cx={x + 26} cy={y + 29} r={10} />
          <text x={x + 26} y={y + 34} text-anchor="middle" class="counter-letter">
            {letter}
          </text>
          {!counter.face_up ? <SeatShape seat={counter.placer} x={x + 33} y={y + 19} r={4} /> : null}
        </g>
      );
    }
    const where = camp ? 'the base camp' : s === 0 ? 'the start' : village ? `village ${s}` : `space ${s}`;
    cells.push(
      <Target key={s} k={`space:${s}`} board={board} label={`place a counter on space ${s}`}>
        <g class={`space${village ? ' village' : ''}${camp ? ' camp' : ''}${lastSpaces.has(s) ? ' last' : ''}`} data-space={s}>
          <title>{where}</title>
          <rect x={x + 1} y={y + 1} width={CELL_W - 2} height={CELL_H - 2} rx={4} />
          <text x={x + 4} y={y + 15} class="space-number">
            {s}
          </text>
          {village || camp ? <Hut x={x + 22} y={camp ? y + 26 : y + 5} camp={camp} /> : null}
          {counterMark}
        </g>
      </Target>,
    );
  }
  // Expeditions, up to four on a space, two by two in its lower left.
  const bySpace = new Map<number, number[]>();
  for (const p of view.players) bySpace.set(p.position, [...(bySpace.get(p.position) ?? []), p.seat]);
  const expeditions: JSX.Element[] = [];
  for (const [space, seats] of bySpace) {
    const { x, y } = cellOf(Math.min(space, length), rows);
    seats.forEach((seat, i) => {
      const cx = x + 8 + (i % 2) * 11,
        cy = y + 34 - Math.floor(i / 2) * 11;
      expeditions.push(
        <Target key={seat} k={`expedition:${seat}`} board={board} label={`choose ${board.who.poss(seat)} expedition`}>
          <g data-expedition={seat} data-position={space}>
            <SeatShape seat={seat} x={cx} y={cy} r={5.5} title={`${board.who.Poss(seat)} expedition on ${space}`} />
          </g>
        </Target>,
      );
    });
  }
  return (
    <g>
      {cells}
      {expeditions}
    </g>
  );
}

const PILE_W = 78,
  PILE_H = 78;

function PlayerPanel(props: { board: BoardProps<KiliView>; view: KiliView; player: Player }): JSX.Element {
  const { board, view, player: p } = props;
  const played = view.turn.find((e) => e.type === 'play');
  const head = (
    <>
      space {p.position}
      {p.distance !== null ? `, next move ${p.distance}` : ''}, {plural(p.hand_size, 'card', 'cards')} in hand
      {p.counters_to_place > 0 ? `, ${plural(p.counters_to_place, 'counter', 'counters')} to place` : ''}
    </>
  );
  return (
    <PlayerRow seat={p.seat} who={board.who} acting={view.to_act.includes(p.seat)} head={head}>
      <div class="piles">
        {p.piles.map((pile, i) => {
          const k = `pile:P${p.seat} pile ${i + 1}`;
          const last = played && played.seat === p.seat && played.pile === i + 1;
          return (
            <Mini key={i} w={PILE_W + 4} h={PILE_H + 4}>
              <Target k={k} board={board} label={`play on ${board.who.poss(p.seat)} pile ${i + 1}`}>
                <g data-pile={`P${p.seat} pile ${i + 1}`}>
                  <Card
                    x={2}
                    y={2}
                    w={PILE_W}
                    h={PILE_H}
                    fill={typeFill(pile.top.type, i)}
                    pattern={pile.top.type}
                    big={String(pile.top.value)}
                    small={plural(pile.size, "card", "cards")}
                    highlight={Boolean(last)}
                  />
                </g>
              </Target>
            </Mini>
          );
        })}
      </div>
    </PlayerRow>
  );
}

function Hand(props: { board: BoardProps<KiliView>; view: KiliView }): JSX.Element | null {
  const { board, view } = props;
  const me = typeof board.viewer === 'number' ? view.players[board.viewer] : null;
  if (!me) return null;
  const counters: Record<string, number> = me.own_counters_to_place ?? {};
  const stock = Object.entries(counters).filter(([, n]) => n > 0);
  return (
    <div class="part hand" role="group" aria-label="your hand">
      <h2 class="part-title">Your hand{stock.length ? ' and counters' : ''}</h2>
      <div class="hand-cards">
        {(me.hand ?? []).map((c, i) => (
          <Mini key={i} w={PILE_W + 4} h={PILE_H + 4}>
            <Target k={`card:${c.type} ${c.value}`} board={board} label={`play your ${c.type} ${c.value}`}>
              <g data-hand-card={`${c.type} ${c.value}`}>
                <Card x={2} y={2} w={PILE_W} h={PILE_H} fill={typeFill(c.type, i)} pattern={c.type} big={String(c.value)} small={c.type} />
              </g>
            </Target>
          </Mini>
        ))}
        {stock.map(([kind, n]) => (
          <Mini key={kind} w={136} h={40}>
            <Target k={`kind:${kind}`} board={board} label={`place a ${kind} counter (${n} left)`}>
              <g class="counter own-stock" data-own-counter={kind} data-box>
                <rect x={2} y={2} width={132} height={36} rx={18} class="stock-box" />
                <circle cx={21} cy={20} r={13} />
                <text x={21} y={25} text-anchor="middle" class="counter-letter">
                  {KIND_LETTER[kind] ?? '?'}
                </text>
                <text x={40} y={25} class="stock-text">
                  {kind} ×{n}
                </text>
              </g>
            </Target>
          </Mini>
        ))}
      </div>
    </div>
  );
}

// The trail (scaled to the width) beside every player's row with its three piles; the deck and
// the own hand and counters below. On a phone, one below the other.
function Board(board: BoardProps<KiliView>): JSX.Element {
  const view = board.view;
  const rows = Math.floor(view.trail.length / 10) + 1;
  return (
    <div class="kilimanjaro-board" role="group" aria-label="Kilimanjaro table">
      <div class="part trail">
        <svg viewBox={`0 0 ${TRAIL_X * 2 + 10 * CELL_W} ${TRAIL_Y * 2 + rows * CELL_H}`} class="board" aria-label="the trail">
          <Trail board={board} view={view} />
        </svg>
        <p class="note legend">
          <svg class="legend-hut" viewBox="0 0 14 12" width="14" height="12" aria-hidden="true">
            <Hut x={1} y={1} />
          </svg>{' '}
          village: no counters there · counters: ? face down, B banana, L lion, C change
        </p>
      </div>
      <div class="part players" role="group" aria-label="the players">
        {view.players.map((p) => (
          <PlayerPanel key={p.seat} board={board} view={view} player={p} />
        ))}
        <p class="deck-line">
          Deck: {plural(view.deck_size, 'card', 'cards')}
        </p>
      </div>
      <Hand board={board} view={view} />
    </div>
  );
}

function phase(view: KiliView, who: Who): string {
  if (view.phase === 'over' || view.winners) return 'Game over';
  const t = view.to_act;
  switch (view.phase) {
    case 'place':
      return turnLine(who, t, 'hide a chance counter on the trail', 'hides a chance counter');
    case 'banana':
      return turnLine(who, t, `you found a banana: move ${view.banana_distance} again, or stay`, `found a banana: moves ${view.banana_distance} again or stays`);
    case 'change':
      return view.variant === 'send_back'
        ? turnLine(who, t, 'you found a change counter: send another expedition back, or nobody', 'found a change counter: sends an expedition back, or nobody')
        : turnLine(who, t, 'you found a change counter: choose an expedition to change places with', 'found a change counter: chooses whom to change places with');
    default:
      return turnLine(who, t, 'play a card on a pile', 'plays a card');
  }
}

// A choice in words: whose pile a card goes on, whose expedition a counter moves.
function label(s: StructuredAction, _view: KiliView, who: Who): string | null {
  const a = s as unknown as KilimanjaroAction;
  switch (a.kind) {
    case 'place':
      return `hide ${a.counter ? `a ${a.counter} counter` : 'a counter'} on ${a.space}`;
    case 'play':
      return `play ${a.card.type} ${a.card.value} on ${who.poss(a.target)} pile ${a.pile}`;
    case 'banana':
      return a.choice === 'move' ? 'move again' : 'stay here';
    case 'swap':
      return `swap places with ${who.name(a.target)}`;
    case 'send_back':
      return a.target === null ? 'send nobody back' : `send ${who.name(a.target)} back`;
    default:
      return null;
  }
}

const ui: GameUi<KiliView> = {
  targets,
  Board,
  phase,
  label,
  // A counter kind, then its space; a card, then its pile.
  firstSteps: [
    { group: 'kind', prompt: 'Which counter do you hide?' },
    { group: 'card', prompt: 'Which card do you play?' },
  ],
  scores: (view: KiliView) => [{ label: 'Space', values: view.players.map((p) => p.position) }],
};
export default ui;
