// Kalimambo: the looping track with the explorers, Kali, Mambo the rhino and the dung heaps; the
// viewer's cards to choose from; every seat's played cards, minus points and whether it has
// chosen; the last round's cards and moves.
import type { JSX } from 'preact';
import { actionsOf, addTarget, type LegalAction, type Targets } from '../../choices.ts';
import type { KalimamboAction, KalimamboFigure, KalimamboView } from '../../generated/schemas.ts';
import { SeatShape } from '../../palette.tsx';
import type { Who } from '../../who.ts';
import { Card, Mini, PlayerRow, Target, turnLine, type BoardProps, type GameUi } from '../common.tsx';

type KaliView = KalimamboView;
type Figure = KalimamboFigure;

// A card to play is a card of the own hand.
function targets(legal: LegalAction[]): Targets {
  const t: Targets = new Map();
  for (const { text, action: a } of actionsOf<KalimamboAction>(legal)) {
    if (a.kind === 'play') addTarget(t, `card:${a.card}`, text);
  }
  return t;
}

// The loop: its spaces in a ring round a square, drawn in a 380-unit box scaled to the width, so
// the 14-unit space numbers stay above 12 px on a phone. Space 0 is at the top left; the figures
// run clockwise.
const BOX = 380,
  INSET = 24;
function spaceBox(space: number, track: number): { x: number; y: number; size: number } {
  const side = BOX - 2 * INSET;
  const step = (4 * side) / track;
  const size = Math.min(40, step - 3);
  const along = space * step;
  const edge = Math.min(3, Math.floor(along / side)),
    d = along - edge * side;
  // Top left to right, right side down, bottom right to left, left side up.
  const [x, y] = [
    [INSET + d, INSET],
    [INSET + side, INSET + d],
    [INSET + side - d, INSET + side],
    [INSET, INSET + side - d],
  ][edge];
  return { x: x - size / 2, y: y - size / 2, size };
}

function figureName(f: Figure, who: Who): string {
  return f === 'kali' ? 'Kali' : who.Poss(f) + ' explorer';
}
function centre(space: number, track: number): { x: number; y: number } {
  const b = spaceBox(space, track);
  return { x: b.x + b.size / 2, y: b.y + b.size / 2 };
}

function Track(props: { board: BoardProps<KaliView>; view: KaliView }): JSX.Element {
  const { view, board } = props;
  const who = board.who;
  const heaps = new Set(view.heaps);
  const landed = new Set((view.last_round?.moves ?? []).map((m) => m.to));
  // What stands on each space: explorers (seats), Kali, Mambo the rhino.
  const on = new Map<number, JSX.Element[]>();
  const put = (space: number, el: (x: number, y: number) => JSX.Element) => {
    const list = on.get(space) ?? [];
    const b = spaceBox(space, view.track);
    const i = list.length;
    const r = b.size / 4;
    list.push(el(b.x + r + (i % 2) * 2 * r, b.y + b.size - r - Math.floor(i / 2) * 2 * r));
    on.set(space, list);
  };
  for (const p of view.players)
    put(p.space, (x, y) => (
      <g key={`p${p.seat}`} data-explorer={p.seat} data-space={p.space}>
        <SeatShape seat={p.seat} x={x} y={y} r={6.5} title={`${who.Poss(p.seat)} explorer on ${p.space}`} />
      </g>
    ));
  put(view.kali.space, (x, y) => (
    <g key="kali" data-kali={view.kali.space}>
      <title>{`Kali on ${view.kali.space}`}</title>
      <circle cx={x} cy={y} r={8} class="kali" />
      <text x={x} y={y + 4.5} text-anchor="middle" class="figure-letter">
        K
      </text>
    </g>
  ));
  put(view.rhino, (x, y) => (
    <g key="rhino" data-rhino={view.rhino}>
      <title>{`Mambo the rhino on ${view.rhino}`}</title>
      <rect x={x - 10} y={y - 9} width={20} height={18} rx={5} class="rhino" />
      <text x={x} y={y + 4.5} text-anchor="middle" class="figure-letter">
        R
      </text>
    </g>
  ));
  const spaces: JSX.Element[] = [];
  for (let s = 0; s < view.track; s++) {
    const b = spaceBox(s, view.track);
    spaces.push(
      <g key={s} class={`space${heaps.has(s) ? ' heap' : ''}${landed.has(s) ? ' last' : ''}`} data-space={s}>
        <title>{`space ${s}${heaps.has(s) ? ', a dung heap' : ''}`}</title>
        <rect x={b.x} y={b.y} width={b.size} height={b.size} rx={4} />
        {heaps.has(s) ? <ellipse cx={b.x + b.size / 2} cy={b.y + b.size - 5} rx={b.size / 2 - 3} ry={4} class="dung-heap" /> : null}
        <text x={b.x + 3} y={b.y + 14} class="space-number">
          {s}
        </text>
        {on.get(s)}
      </g>,
    );
  }
  // The last round's moves as arrows inside the loop.
  const arrows = (view.last_round?.moves ?? []).map((m, i) => {
    const a = centre(m.from, view.track),
      b = centre(m.to, view.track);
    const toward = (p: { x: number; y: number }) => ({ x: p.x + (BOX / 2 - p.x) * 0.22, y: p.y + (BOX / 2 - p.y) * 0.22 });
    const [p, q] = [toward(a), toward(b)];
    return (
      <g key={i} class="move-arrow">
        <title>{`${figureName(m.figure, who)} moved ${m.from} → ${m.to}${m.dung ? ' onto dung' : ''}${m.run ? `; the rhino ran ${m.run} and rammed ${m.rammed === null ? 'nobody' : figureName(m.rammed, who)}` : ''}`}</title>
        <line x1={p.x} y1={p.y} x2={q.x} y2={q.y} marker-end="url(#arrowhead)" />
      </g>
    );
  });
  return (
    <g>
      <defs>
        <marker id="arrowhead" markerWidth="8" markerHeight="8" refX="6" refY="4" orient="auto">
          <path d="M0,0 L8,4 L0,8 z" class="arrowhead" />
        </marker>
      </defs>
      <rect x={INSET} y={INSET} width={BOX - 2 * INSET} height={BOX - 2 * INSET} rx={20} class="loop" />
      {spaces}
      {arrows}
      <text x={BOX / 2} y={BOX / 2 - 12} text-anchor="middle" class="caption">
        Round {view.round} of {view.rounds}
      </text>
      <text x={BOX / 2} y={BOX / 2 + 12} text-anchor="middle" class="loop-text">
        Kali’s cards left:
      </text>
      <text x={BOX / 2} y={BOX / 2 + 32} text-anchor="middle" class="loop-text">
        {view.kali.cards_left.join(' ') || '–'}
      </text>
    </g>
  );
}

function Hand(props: { board: BoardProps<KaliView>; view: KaliView }): JSX.Element | null {
  const { board, view } = props;
  const me = typeof board.viewer === 'number' ? view.players[board.viewer] : null;
  if (!me) return null;
  const choice = me.choice ?? null;
  return (
    <div class="part hand" role="group" aria-label="your cards">
      <h2 class="part-title">Your cards{choice !== null ? ` (chosen: ${choice}, waiting for the others)` : ''}</h2>
      <div class="hand-cards">
        {me.cards_left.map((v) => (
          <Mini key={v} w={56} h={76}>
            <Target k={`card:${v}`} board={board} label={`play card ${v}`}>
              <g data-hand-card={v}>
                <Card x={2} y={2} w={52} h={72} fill={choice === v ? '#D55E00' : '#0072B2'} big={String(v)} small={choice === v ? 'chosen' : ''} highlight={choice === v} />
              </g>
            </Target>
          </Mini>
        ))}
      </div>
    </div>
  );
}

function Seats(props: { board: BoardProps<KaliView>; view: KaliView }): JSX.Element {
  const { board, view } = props;
  const last = view.last_round;
  return (
    <div class="part players" role="group" aria-label="the players">
      {view.players.map((p) => {
        const head = (
          <>
            {p.minus_points} minus points {view.phase === 'over' ? '' : p.submitted ? '— chosen ✓' : '— choosing…'}
          </>
        );
        return (
          <PlayerRow key={p.seat} seat={p.seat} who={board.who} acting={view.to_act.includes(p.seat)} head={head}>
            <div class="note">
              space {p.space} · played: {p.played.join(' ') || '–'}
              {last ? ` (last round ${last.cards[p.seat]}${last.lowest.includes(p.seat) ? ', the lowest' : ''})` : ''}
            </div>
          </PlayerRow>
        );
      })}
      <p class="kali-line">
        Kali on {view.kali.space} played: {view.kali.played.join(' ') || '–'}
        {last ? ` (last round ${last.kali})` : ''} · the rhino on {view.rhino}
      </p>
    </div>
  );
}

// The loop (scaled to the width) beside every player's row; the own cards below. On a phone, one
// below the other.
function Board(board: BoardProps<KaliView>): JSX.Element {
  const view = board.view;
  return (
    <div class="kalimambo-board" role="group" aria-label="Kalimambo table">
      <div class="part loop-part">
        <svg viewBox={`0 0 ${BOX} ${BOX}`} class="board" aria-label="the loop">
          <Track board={board} view={view} />
        </svg>
      </div>
      <Seats board={board} view={view} />
      <Hand board={board} view={view} />
    </div>
  );
}

function phase(view: KaliView, who: Who): string {
  if (view.phase === 'over') return 'Game over';
  const round = `Round ${view.round} of ${view.rounds} · `;
  if (view.to_act.some((s) => who.isYou(s))) return round + turnLine(who, view.to_act, 'choose a card secretly', '');
  return `${round}everyone chooses a card at once; waiting for ${who.list(view.to_act)}`;
}

const ui: GameUi<KaliView> = {
  targets,
  Board,
  phase,
  label: (s) => (s.kind === 'play' ? `play card ${String(s.card)}` : null),
  scores: (view: KaliView) => [{ label: 'Minus points', values: view.players.map((p) => p.minus_points) }],
};
export default ui;
