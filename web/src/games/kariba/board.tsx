// Kariba: the waterhole with its animal places, the draw pile (and the face-up cards of the open
// variant), the viewer's hand and every player's hand size and score pile.
import type { JSX } from 'preact';
import type { KaribaAction, KaribaView } from '../../generated/schemas.ts';
import { actionsOf, addTarget, type LegalAction, type Targets } from '../../choices.ts';
import { SeatShape } from '../../palette.tsx';
import type { Who } from '../../who.ts';
import { Card, CardBack, plural, Target, turnLine, type BoardProps, type GameUi } from '../common.tsx';

// Animal colours: a light ramp from weak to strong; the number and name are always written.
const ANIMAL_FILL = ['#d9c7a4', '#cbb58a', '#bfa06c', '#a88a55', '#93764a', '#7d6441', '#675338', '#51422f', '#3d3226'];

// A play names its animal, a take the face-up card's animal; the pile is drawn from.
function targets(legal: LegalAction[]): Targets {
  const t: Targets = new Map();
  for (const { text, action: a } of actionsOf<KaribaAction>(legal)) {
    if (a.kind === 'play') addTarget(t, `animal:${a.animal}`, text);
    else if (a.kind === 'take') addTarget(t, `display:${a.animal}`, text);
    else if (a.kind === 'draw') addTarget(t, 'pile', text);
  }
  return t;
}

function Waterhole(props: { board: BoardProps<KaribaView>; view: KaribaView }): JSX.Element {
  const { view, board } = props;
  const n = view.animals.length;
  const cx = 220,
    cy = 170,
    r = 150;
  const last = view.last_play;
  return (
    <g>
      <ellipse cx={cx} cy={cy} rx={90} ry={70} class="water" />
      <text x={cx} y={cy + 5} text-anchor="middle" class="water-label">
        waterhole
      </text>
      {view.animals.map((name, i) => {
        const a = -Math.PI / 2 + (2 * Math.PI * i) / n;
        const x = cx + r * Math.cos(a) - 32,
          y = cy + r * 0.78 * Math.sin(a) - 24;
        const count = view.waterhole[i];
        const played = last && last.animal === i + 1;
        const chased = last && last.captured > 0 && last.chased === i + 1;
        return (
          <Target k={`animal:${name}`} board={board} label={`play ${name} at the waterhole`} key={name}>
            <g class={`place${played ? ' last' : ''}${chased ? ' chased' : ''}`} data-animal={name} data-count={count}>
              <rect x={x} y={y} width={64} height={48} rx={8} fill={ANIMAL_FILL[i % ANIMAL_FILL.length]} />
              <text x={x + 32} y={y + 18} text-anchor="middle" class="place-name">
                {i + 1} {name}
              </text>
              <text x={x + 32} y={y + 40} text-anchor="middle" class="place-count">
                {count > 0 ? `×${count}` : '–'}
              </text>
              {chased ? (
                <text x={x + 32} y={y - 4} text-anchor="middle" class="note">
                  chased off ({last.captured})
                </text>
              ) : null}
            </g>
          </Target>
        );
      })}
    </g>
  );
}

function Pile(props: { board: BoardProps<KaribaView>; view: KaribaView }): JSX.Element {
  const { view, board } = props;
  return (
    <g>
      <Target k="pile" board={board} label="draw from the pile">
        <CardBack x={10} y={10} w={52} h={74} />
        <text x={36} y={102} text-anchor="middle" class="caption">
          pile: {view.pile_size}
        </text>
      </Target>
      {view.display
        ? view.display.map((animal, i) => {
            const name = animal > 0 ? view.animals[animal - 1] : '';
            const x = 90 + i * 60,
              y = 10;
            if (!name)
              return <rect key={i} x={x} y={y} width={52} height={74} rx={6} class="empty-slot" />;
            return (
              <Target key={i} k={`display:${name}`} board={board} label={`take the face-up ${name}`}>
                <Card x={x} y={y} w={52} h={74} fill={ANIMAL_FILL[animal - 1]} big={String(animal)} small={name} />
              </Target>
            );
          })
        : null}
    </g>
  );
}

// The own hand, one fanned group per animal with its count written on the front card, so cards
// of one animal are never hidden behind each other.
const FAN = 18;
function handWidth(view: KaribaView, viewer: BoardProps['viewer']): number {
  const me = typeof viewer === 'number' ? view.players[viewer] : null;
  let x = 10;
  for (const count of me?.hand ?? []) if (count > 0) x += 52 + (count - 1) * FAN + 12;
  return x;
}

function Hand(props: { board: BoardProps<KaribaView>; view: KaribaView }): JSX.Element | null {
  const { view, board } = props;
  const me = typeof board.viewer === 'number' ? view.players[board.viewer] : null;
  if (!me?.hand) return null;
  const y = 26;
  const cards: JSX.Element[] = [];
  let x = 10;
  me.hand.forEach((count, i) => {
    if (count === 0) return;
    const name = view.animals[i];
    const group: JSX.Element[] = [];
    for (let c = 0; c < count; c++)
      group.push(<Card key={c} x={x + c * FAN} y={y} w={52} h={74} fill={ANIMAL_FILL[i]} big={String(i + 1)} small={name} />);
    const front = x + (count - 1) * FAN;
    cards.push(
      <Target key={name} k={`animal:${name}`} board={board} label={`play ${name} (${count} in hand)`}>
        <g data-hand-animal={name} data-count={count}>
          {group}
          {count > 1 ? (
            <g class="count-badge">
              <circle cx={front + 48} cy={y + 4} r={11} />
              <text x={front + 48} y={y + 8.5} text-anchor="middle">
                ×{count}
              </text>
            </g>
          ) : null}
        </g>
      </Target>,
    );
    x += 52 + (count - 1) * FAN + 12;
  });
  return (
    <g>
      <text x={10} y={16} class="caption">
        Your hand ({me.hand_size})
      </text>
      {cards}
    </g>
  );
}

const ROW = 58;
function Players(props: { board: BoardProps<KaribaView>; view: KaribaView; y: number }): JSX.Element {
  const { view, board } = props;
  return (
    <g>
      {view.players.map((p, i) => {
        const y = props.y + i * ROW;
        const known = p.known
          .map((c, a) => (c > 0 ? `${c} ${view.animals[a]}` : ''))
          .filter(Boolean)
          .join(', ');
        const captured = p.captured
          .map((c, a) => (c > 0 ? `${c}×${view.animals[a]}` : ''))
          .filter(Boolean)
          .join(' ');
        const acting = view.to_act.includes(p.seat);
        return (
          <g key={p.seat} class={`player-row${acting ? ' acting' : ''}`} data-seat-row={p.seat}>
            <SeatShape seat={p.seat} x={16} y={y - 4} r={8} />
            <text x={32} y={y} class="row-text">
              {board.who.Name(p.seat)}: {plural(p.hand_size, 'card', 'cards')} in hand
            </text>
            {known ? (
              <text x={32} y={y + 16} class="note">
                known in hand: {known}
              </text>
            ) : null}
            <text x={32} y={y + (known ? 32 : 16)} class="note" data-score-pile={p.seat}>
              score pile {p.score_pile}
              {captured ? `: ${captured}` : ''}
            </text>
          </g>
        );
      })}
    </g>
  );
}

// Three drawings that sit side by side on a laptop and one below the other on a phone, each
// scaled to the width (never scrolled sideways): the waterhole; the pile with every player's
// hand size and score pile; the own hand.
function Board(board: BoardProps<KaribaView>): JSX.Element {
  const view = board.view;
  const playersY = 150;
  const sideHeight = playersY + view.players.length * ROW;
  const handW = Math.max(420, handWidth(view, board.viewer));
  const hasHand = typeof board.viewer === 'number' && !!view.players[board.viewer]?.hand;
  return (
    <div class="kariba-board" role="group" aria-label="Kariba table">
      <div class="part waterhole">
        <svg viewBox="0 0 440 340" class="board" aria-label="the waterhole">
          <Waterhole board={board} view={view} />
        </svg>
      </div>
      <div class="part players">
        <svg viewBox={`0 0 420 ${sideHeight}`} class="board" aria-label="the pile and the players">
          <Pile board={board} view={view} />
          <Players board={board} view={view} y={playersY} />
        </svg>
      </div>
      {hasHand ? (
        <div class="part hand">
          <svg viewBox={`0 0 ${handW} 110`} class="board" aria-label="your hand">
            <Hand board={board} view={view} />
          </svg>
        </div>
      ) : null}
    </div>
  );
}

function phase(view: KaribaView, who: Who): string {
  const game = view.match.games > 1 ? `Game ${view.match.game} of ${view.match.games} · ` : '';
  if (view.phase === 'over' || view.to_act.length === 0) return `${game}Game over`;
  if (view.phase === 'draw') return game + turnLine(who, view.to_act, 'draw back up to five cards', 'draws back up to five cards');
  return game + turnLine(who, view.to_act, 'play cards of one animal at the waterhole', 'plays at the waterhole');
}

const ui: GameUi<KaribaView> = {
  targets,
  Board,
  phase,
  scores: (view: KaribaView) => [{ label: 'Points', values: view.players.map((p) => p.score) }],
};
export default ui;
