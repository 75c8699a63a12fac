// Kalimambo: the looping track with the explorers, Kali, Mambo the rhino and the dung heaps; the
// viewer's cards to choose from; every seat's played cards, minus points and whether it has
// chosen; the last round's cards and moves.
import type { JSX } from 'preact';
import { actionsOf, addTarget, type LegalAction, type Targets } from '../../choices.ts';
import type { KalimamboAction, KalimamboFigure, KalimamboView } from '../../generated/schemas.ts';
import { SeatShape } from '../../palette.tsx';
import type { Who } from '../../who.ts';
import { Card, Target, turnLine, type BoardProps, type GameUi } from '../common.tsx';

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

const CX = 290,
  CY = 230,
  RX = 250,
  RY = 190;
function spacePoint(space: number, track: number, inset = 0): { x: number; y: number } {
  const a = -Math.PI / 2 + (2 * Math.PI * space) / track;
  return { x: CX + (RX - inset) * Math.cos(a), y: CY + (RY - inset) * Math.sin(a) };
}

function figureName(f: Figure, who: Who): string {
  return f === 'kali' ? 'Kali' : who.Poss(f) + ' explorer';
}

function Track(props: { board: BoardProps<KaliView>; view: KaliView }): JSX.Element {
  const { view } = props;
  const heaps = new Set(view.heaps);
  const landed = new Set((view.last_round?.moves ?? []).map((m) => m.to));
  const size = Math.min(30, (2 * Math.PI * RY) / view.track - 2);
  const spaces: JSX.Element[] = [];
  for (let s = 0; s < view.track; s++) {
    const { x, y } = spacePoint(s, view.track);
    spaces.push(
      <g key={s} class={`space${heaps.has(s) ? ' heap' : ''}${landed.has(s) ? ' last' : ''}`} data-space={s}>
        <rect x={x - size / 2} y={y - size / 2} width={size} height={size} rx={5} />
        <text x={x} y={y - size / 2 - 3} text-anchor="middle" class="space-number">
          {s}
        </text>
        {heaps.has(s) ? (
          <g class="dung">
            <title>{`dung heap on ${s}`}</title>
            <ellipse cx={x} cy={y + size / 2 - 5} rx={size / 2 - 2} ry={4} />
          </g>
        ) : null}
      </g>,
    );
  }
  const figures: JSX.Element[] = [];
  for (const p of view.players) {
    const { x, y } = spacePoint(p.space, view.track);
    figures.push(
      <g key={p.seat} data-explorer={p.seat} data-space={p.space}>
        <SeatShape seat={p.seat} x={x} y={y - 2} r={8} title={`${props.board.who.Poss(p.seat)} explorer on ${p.space}`} />
      </g>,
    );
  }
  const k = spacePoint(view.kali.space, view.track);
  const r = spacePoint(view.rhino, view.track);
  // The last round's moves as arrows inside the loop.
  const arrows = (view.last_round?.moves ?? []).map((m, i) => {
    const a = spacePoint(m.from, view.track, 34),
      b = spacePoint(m.to, view.track, 34);
    return (
      <g key={i} class="move-arrow">
        <title>{`${figureName(m.figure, props.board.who)} moved ${m.from} → ${m.to}${m.dung ? ' onto dung' : ''}${m.run ? `; the rhino ran ${m.run} and rammed ${m.rammed === null ? 'nobody' : figureName(m.rammed, props.board.who)}` : ''}`}</title>
        <line x1={a.x} y1={a.y} x2={b.x} y2={b.y} marker-end="url(#arrowhead)" />
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
      <ellipse cx={CX} cy={CY} rx={RX} ry={RY} class="loop" />
      {spaces}
      {arrows}
      {figures}
      <g data-kali={view.kali.space}>
        <title>{`Kali on ${view.kali.space}`}</title>
        <circle cx={k.x} cy={k.y - 2} r={9} class="kali" />
        <text x={k.x} y={k.y + 2} text-anchor="middle" class="figure-letter">
          K
        </text>
      </g>
      <g data-rhino={view.rhino}>
        <title>{`Mambo the rhino on ${view.rhino}`}</title>
        <rect x={r.x - 11} y={r.y - 11} width={22} height={18} rx={6} class="rhino" />
        <text x={r.x} y={r.y + 3} text-anchor="middle" class="figure-letter">
          R
        </text>
      </g>
      <text x={CX} y={CY - 10} text-anchor="middle" class="caption">
        Round {view.round} of {view.rounds}
      </text>
      <text x={CX} y={CY + 12} text-anchor="middle" class="row-text">
        Kali's cards left: {view.kali.cards_left.join(' ')}
      </text>
    </g>
  );
}

function Hand(props: { board: BoardProps<KaliView>; view: KaliView; y: number }): JSX.Element | null {
  const { board, view } = props;
  const me = typeof board.viewer === 'number' ? view.players[board.viewer] : null;
  if (!me) return null;
  const choice = me.choice ?? null;
  return (
    <g>
      <text x={20} y={props.y - 8} class="caption">
        Your cards{choice !== null ? ` (chosen: ${choice}, waiting for the others)` : ''}
      </text>
      {me.cards_left.map((v, i) => (
        <Target key={v} k={`card:${v}`} board={board} label={`play card ${v}`}>
          <g data-hand-card={v}>
            <Card x={20 + i * 56} y={props.y} w={50} h={70} fill={choice === v ? '#D55E00' : '#0072B2'} big={String(v)} small={choice === v ? 'chosen' : ''} highlight={choice === v} />
          </g>
        </Target>
      ))}
    </g>
  );
}

function Seats(props: { board: BoardProps<KaliView>; view: KaliView; x: number; y: number }): JSX.Element {
  const { board, view, x } = props;
  const last = view.last_round;
  return (
    <g>
      <text x={x} y={props.y} class="caption">
        Players (minus points; cards played)
      </text>
      {view.players.map((p, i) => {
        const y = props.y + 24 + i * 44;
        const acting = view.to_act.includes(p.seat);
        return (
          <g key={p.seat} class={`player-row${acting ? ' acting' : ''}`} data-seat-row={p.seat}>
            <SeatShape seat={p.seat} x={x + 8} y={y - 4} r={7} />
            <text x={x + 22} y={y} class="row-text">
              {board.who.Name(p.seat)}: {p.minus_points} minus points{' '}
              {view.phase === 'over' ? '' : p.submitted ? '— chosen ✓' : '— choosing…'}
            </text>
            <text x={x + 22} y={y + 16} class="note">
              played: {p.played.join(' ') || '–'}
              {last ? ` (last round ${last.cards[p.seat]}${last.lowest.includes(p.seat) ? ', lowest' : ''})` : ''}
            </text>
          </g>
        );
      })}
      <text x={x} y={props.y + 24 + view.players.length * 44} class="note">
        Kali played: {view.kali.played.join(' ') || '–'}
        {last ? ` (last round ${last.kali})` : ''}
      </text>
    </g>
  );
}

function Board(board: BoardProps<KaliView>): JSX.Element {
  const view = board.view;
  const handY = Math.max(CY + RY + 40, 40 + view.players.length * 44 + 60);
  return (
    <svg viewBox={`0 0 1000 ${handY + 90}`} class="board" role="group" aria-label="Kalimambo table">
      <Track board={board} view={view} />
      <Seats board={board} view={view} x={570} y={24} />
      <Hand board={board} view={view} y={handY} />
    </svg>
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
  scores: (view: KaliView) => [{ label: 'Minus points', values: view.players.map((p) => p.minus_points) }],
};
export default ui;
