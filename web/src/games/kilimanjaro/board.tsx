// Am Fuß des Kilimandscharo: the trail (a winding row of spaces with villages and the base
// camp), the chance counters face down or up, the expeditions, every player's three piles and
// the viewer's hand and counters.
import type { JSX } from 'preact';
import { actionsOf, addTarget, type LegalAction, type Targets } from '../../choices.ts';
import type { KilimanjaroAction, KilimanjaroView } from '../../generated/schemas.ts';
import { SeatShape } from '../../palette.tsx';
import type { Who } from '../../who.ts';
import { Card, CardBack, plural, Target, turnLine, type BoardProps, type GameUi } from '../common.tsx';

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

const CELL_W = 48,
  CELL_H = 40,
  TRAIL_X = 16,
  TRAIL_Y = 20;

function cellOf(space: number, rows: number): { x: number; y: number } {
  const r = Math.floor(space / 10),
    c = space % 10;
  const col = r % 2 === 0 ? c : 9 - c;
  return { x: TRAIL_X + col * CELL_W, y: TRAIL_Y + (rows - 1 - r) * CELL_H };
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
          <circle cx={x + 34} cy={y + 14} r={10} />
          <text x={x + 34} y={y + 19} text-anchor="middle" class="counter-letter">
            {letter}
          </text>
          {!counter.face_up ? <SeatShape seat={counter.placer} x={x + 44} y={y + 5} r={4} /> : null}
        </g>
      );
    }
    cells.push(
      <Target key={s} k={`space:${s}`} board={board} label={`place a counter on space ${s}`}>
        <g class={`space${village ? ' village' : ''}${camp ? ' camp' : ''}${lastSpaces.has(s) ? ' last' : ''}`} data-space={s}>
          <rect x={x + 1} y={y + 1} width={CELL_W - 2} height={CELL_H - 2} rx={4} />
          <text x={x + 4} y={y + 13} class="space-number">
            {s}
          </text>
          {village || camp ? (
            <text x={x + 4} y={y + CELL_H - 5} class="space-tag">
              {camp ? 'camp' : s === 0 ? 'start' : 'village'}
            </text>
          ) : null}
          {counterMark}
        </g>
      </Target>,
    );
  }
  // Expeditions, several on a space side by side.
  const bySpace = new Map<number, number[]>();
  for (const p of view.players) bySpace.set(p.position, [...(bySpace.get(p.position) ?? []), p.seat]);
  const expeditions: JSX.Element[] = [];
  for (const [space, seats] of bySpace) {
    const { x, y } = cellOf(Math.min(space, length), rows);
    seats.forEach((seat, i) => {
      const cx = x + 9 + (i % 2) * 14,
        cy = y + 23 + Math.floor(i / 2) * 0 - (seats.length > 2 && i >= 2 ? 12 : 0);
      expeditions.push(
        <Target key={seat} k={`expedition:${seat}`} board={board} label={`choose ${board.who.poss(seat)} expedition`}>
          <g data-expedition={seat} data-position={space}>
            <SeatShape seat={seat} x={cx} y={cy} r={7} title={`${board.who.Poss(seat)} expedition on ${space}`} />
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

function PlayerPanel(props: { board: BoardProps<KiliView>; view: KiliView; player: Player; x: number; y: number }): JSX.Element {
  const { board, view, player: p, x, y } = props;
  const acting = view.to_act.includes(p.seat);
  const played = view.turn.find((e) => e.type === 'play');
  return (
    <g class={`player-row${acting ? ' acting' : ''}`} data-seat-row={p.seat}>
      <SeatShape seat={p.seat} x={x + 8} y={y + 8} r={7} />
      <text x={x + 22} y={y + 13} class="row-text">
        {board.who.Name(p.seat)}: space {p.position}
        {p.distance !== null ? `, next move ${p.distance}` : ''}, {plural(p.hand_size, 'card', 'cards')} in hand
        {p.counters_to_place > 0 ? `, ${plural(p.counters_to_place, 'counter', 'counters')} to place` : ''}
      </text>
      {p.piles.map((pile, i) => {
        const k = `pile:P${p.seat} pile ${i + 1}`;
        const last = played && played.seat === p.seat && played.pile === i + 1;
        return (
          <Target key={i} k={k} board={board} label={`play on ${board.who.poss(p.seat)} pile ${i + 1}`}>
            <g data-pile={`P${p.seat} pile ${i + 1}`}>
              <Card
                x={x + 20 + i * 70}
                y={y + 20}
                w={62}
                h={68}
                fill={typeFill(pile.top.type, i)}
                pattern={pile.top.type}
                big={String(pile.top.value)}
                small={`${pile.top.type} ×${pile.size}`}
                highlight={Boolean(last)}
              />
            </g>
          </Target>
        );
      })}
    </g>
  );
}

function Hand(props: { board: BoardProps<KiliView>; view: KiliView; x: number; y: number }): JSX.Element | null {
  const { board, view, x, y } = props;
  const me = typeof board.viewer === 'number' ? view.players[board.viewer] : null;
  if (!me) return null;
  const counters: Record<string, number> = me.own_counters_to_place ?? {};
  const stock = Object.entries(counters).filter(([, n]) => n > 0);
  return (
    <g>
      <text x={x} y={y} class="caption">
        Your hand{stock.length ? ' and counters' : ''}
      </text>
      {(me.hand ?? []).map((c, i) => (
        <Target key={i} k={`card:${c.type} ${c.value}`} board={board} label={`play your ${c.type} ${c.value}`}>
          <g data-hand-card={`${c.type} ${c.value}`}>
            <Card x={x + i * 70} y={y + 8} w={62} h={68} fill={typeFill(c.type, i)} pattern={c.type} big={String(c.value)} small={c.type} />
          </g>
        </Target>
      ))}
      {stock.map(([kind, n], i) => (
        <Target key={kind} k={`kind:${kind}`} board={board} label={`place a ${kind} counter (${n} left)`}>
          <g class="counter own-stock" data-own-counter={kind}>
            <circle cx={x + 20 + i * 90} cy={y + 100} r={14} />
            <text x={x + 20 + i * 90} y={y + 105} text-anchor="middle" class="counter-letter">
              {KIND_LETTER[kind] ?? '?'}
            </text>
            <text x={x + 38 + i * 90} y={y + 105} class="row-text">
              {kind} ×{n}
            </text>
          </g>
        </Target>
      ))}
    </g>
  );
}

function Board(board: BoardProps<KiliView>): JSX.Element {
  const view = board.view;
  const rows = Math.floor(view.trail.length / 10) + 1;
  const trailBottom = TRAIL_Y + rows * CELL_H;
  const panelX = 520;
  const handY = Math.max(trailBottom + 24, 30 + view.players.length * 100);
  return (
    <svg viewBox={`0 0 1000 ${handY + 130}`} class="board" role="group" aria-label="Kilimanjaro table">
      <Trail board={board} view={view} />
      {view.players.map((p, i) => (
        <PlayerPanel key={p.seat} board={board} view={view} player={p} x={panelX} y={10 + i * 100} />
      ))}
      <g>
        <CardBack x={panelX + 220} y={handY - 10} w={40} h={56} />
        <text x={panelX + 270} y={handY + 24} class="caption">
          deck: {view.deck_size}
        </text>
      </g>
      <Hand board={board} view={view} x={20} y={handY + 10} />
    </svg>
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

const ui: GameUi<KiliView> = {
  targets,
  Board,
  phase,
  scores: (view: KiliView) => [{ label: 'Space', values: view.players.map((p) => p.position) }],
};
export default ui;
