// Kariba: the waterhole with its animal places, the draw pile (and the face-up cards of the open
// variant), the viewer's hand and every player's hand size and score pile.
import type { JSX } from 'preact';
import type { KaribaAction, KaribaView } from '../../generated/schemas.ts';
import { actionsOf, addTarget, type LegalAction, type Targets } from '../../choices.ts';
import type { StructuredAction } from '../../api.ts';
import type { Who } from '../../who.ts';
import { Card, CardBack, Mini, plural, PlayerRow, Target, turnLine, type BoardProps, type GameUi } from '../common.tsx';

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

// Text on a fill: dark on the light animals, white on the dark ones (both above 4.5:1).
function inkOn(fill: string): string {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(fill.slice(i, i + 2), 16) / 255);
  return 0.2126 * r + 0.7152 * g + 0.0722 * b > 0.42 ? 'dark' : 'light';
}

// The waterhole: a tile per animal around the water, with its number, name and the cards lying
// there. Drawn in a 460-unit box scaled to the width, its text at 16 units and up (13 px on a
// phone's 370 px).
function Waterhole(props: { board: BoardProps<KaribaView>; view: KaribaView }): JSX.Element {
  const { view, board } = props;
  const n = view.animals.length;
  const cx = 230,
    cy = 180,
    rx = 160,
    ry = 128;
  const last = view.last_play;
  return (
    <g>
      <ellipse cx={cx} cy={cy} rx={82} ry={62} class="water" />
      <text x={cx} y={cy + 6} text-anchor="middle" class="water-label">
        waterhole
      </text>
      {view.animals.map((name, i) => {
        const a = -Math.PI / 2 + (2 * Math.PI * i) / n;
        const x = cx + rx * Math.cos(a) - 46,
          y = cy + ry * Math.sin(a) - 30;
        const count = view.waterhole[i];
        const played = last && last.animal === i + 1;
        const chased = last && last.captured > 0 && last.chased === i + 1;
        const fill = ANIMAL_FILL[i % ANIMAL_FILL.length];
        return (
          <Target k={`animal:${name}`} board={board} label={`play ${name} at the waterhole`} key={name}>
            <g class={`place ink-${inkOn(fill)}${played ? ' last' : ''}${chased ? ' chased' : ''}`} data-animal={name} data-count={count} data-box>
              <rect x={x} y={y} width={92} height={60} rx={8} fill={fill} />
              <text x={x + 7} y={y + 20} class="place-number">
                {i + 1}
              </text>
              <text x={x + 85} y={y + 22} text-anchor="end" class="place-count">
                {count > 0 ? `×${count}` : '–'}
              </text>
              <text x={x + 46} y={y + 50} text-anchor="middle" class="place-name">
                {name}
              </text>
            </g>
            {chased ? (
              <text x={x + 46} y={y - 6} text-anchor="middle" class="note chased-note">
                chased ({last.captured})
              </text>
            ) : null}
          </Target>
        );
      })}
    </g>
  );
}

// The draw pile (and in the open variant the three face-up cards), each a small drawing at its
// own size.
function Pile(props: { board: BoardProps<KaribaView>; view: KaribaView }): JSX.Element {
  const { view, board } = props;
  return (
    <div class="pile-row">
      <Mini w={70} h={104} label={`pile: ${view.pile_size} cards`}>
        <Target k="pile" board={board} label="draw from the pile">
          <CardBack x={9} y={4} w={52} h={74} />
        </Target>
        <text x={35} y={98} text-anchor="middle" class="caption">
          pile {view.pile_size}
        </text>
      </Mini>
      {view.display
        ? view.display.map((animal, i) => {
            const name = animal > 0 ? view.animals[animal - 1] : '';
            return (
              <Mini key={i} w={CARD_W + 4} h={CARD_H + 8}>
                {name ? (
                  <Target k={`display:${name}`} board={board} label={`take the face-up ${name}`}>
                    <Card x={2} y={4} w={CARD_W} h={CARD_H} fill={ANIMAL_FILL[animal - 1]} big={String(animal)} small={name} />
                  </Target>
                ) : (
                  <rect x={2} y={4} width={CARD_W} height={CARD_H} rx={6} class="empty-slot" />
                )}
              </Mini>
            );
          })
        : null}
    </div>
  );
}

// The own hand, one fanned group per animal (each its own small drawing) with its count written on
// the front card, so cards of one animal are never hidden behind each other; the groups wrap on a
// narrow screen.
const FAN = 18,
  CARD_W = 66,
  CARD_H = 84;
function Hand(props: { board: BoardProps<KaribaView>; view: KaribaView }): JSX.Element | null {
  const { view, board } = props;
  const me = typeof board.viewer === 'number' ? view.players[board.viewer] : null;
  if (!me?.hand) return null;
  const groups: JSX.Element[] = [];
  me.hand.forEach((count, i) => {
    if (count === 0) return;
    const name = view.animals[i];
    const cards: JSX.Element[] = [];
    for (let c = 0; c < count; c++)
      cards.push(<Card key={c} x={2 + c * FAN} y={12} w={CARD_W} h={CARD_H} fill={ANIMAL_FILL[i]} big={String(i + 1)} small={name} />);
    const front = 2 + (count - 1) * FAN;
    groups.push(
      <Mini key={name} w={front + CARD_W + 8} h={CARD_H + 16}>
        <Target k={`animal:${name}`} board={board} label={`play ${name} (${count} in hand)`}>
          <g data-hand-animal={name} data-count={count}>
            {cards}
            {count > 1 ? (
              <g class="count-badge">
                <circle cx={front + CARD_W - 4} cy={14} r={12} />
                <text x={front + CARD_W - 4} y={18.5} text-anchor="middle">
                  ×{count}
                </text>
              </g>
            ) : null}
          </g>
        </Target>
      </Mini>,
    );
  });
  return (
    <div class="part hand" role="group" aria-label="your hand">
      <h2 class="part-title">Your hand ({me.hand_size})</h2>
      <div class="hand-groups">{groups}</div>
    </div>
  );
}

// Cards of each animal in words: "elephant ×6, zebra ×3".
function byAnimal(counts: number[], view: KaribaView): string {
  return counts
    .map((c, a) => (c > 0 ? `${view.animals[a]} ×${c}` : ''))
    .filter(Boolean)
    .join(', ');
}

// Every player's hand size, known cards and score pile, in words that wrap.
function Players(props: { board: BoardProps<KaribaView>; view: KaribaView }): JSX.Element {
  const { view, board } = props;
  return (
    <div class="players">
      {view.players.map((p) => {
        const known = byAnimal(p.known, view);
        const captured = byAnimal(p.captured, view);
        return (
          <PlayerRow key={p.seat} seat={p.seat} who={board.who} acting={view.to_act.includes(p.seat)} head={plural(p.hand_size, 'card', 'cards') + ' in hand'}>
            {known ? <div class="note">known in hand: {known}</div> : null}
            <div class="note" data-score-pile={p.seat}>
              score pile {p.score_pile}
              {captured ? `: ${captured}` : ''}
            </div>
          </PlayerRow>
        );
      })}
    </div>
  );
}

// The waterhole (a drawing scaled to the width), the pile and every player's row, and the own
// hand: side by side on a laptop, one below the other on a phone, never scrolled sideways.
function Board(board: BoardProps<KaribaView>): JSX.Element {
  const view = board.view;
  const hasHand = typeof board.viewer === 'number' && !!view.players[board.viewer]?.hand;
  return (
    <div class="kariba-board" role="group" aria-label="Kariba table">
      <div class="part waterhole">
        <svg viewBox="0 0 460 360" class="board" aria-label="the waterhole">
          <Waterhole board={board} view={view} />
        </svg>
      </div>
      <div class="part players" role="group" aria-label="the pile and the players">
        <Pile board={board} view={view} />
        <Players board={board} view={view} />
      </div>
      {hasHand ? <Hand board={board} view={view} /> : null}
    </div>
  );
}

function phase(view: KaribaView, who: Who): string {
  const game = view.match.games > 1 ? `Game ${view.match.game} of ${view.match.games} · ` : '';
  if (view.phase === 'over' || view.to_act.length === 0) return `${game}Game over`;
  if (view.phase === 'draw') return game + turnLine(who, view.to_act, 'draw back up to five cards', 'draws back up to five cards');
  return game + turnLine(who, view.to_act, 'play cards of one animal at the waterhole', 'plays at the waterhole');
}

// "play 2 zebras", "take the face-up zebra", "draw from the pile".
function label(s: StructuredAction): string | null {
  const a = s as unknown as KaribaAction;
  if (a.kind === 'play') return `play ${a.count} ${a.count === 1 ? a.animal : a.animal === 'mouse' ? 'mice' : a.animal.endsWith('ch') ? a.animal + 'es' : a.animal + 's'}`;
  if (a.kind === 'take') return `take the face-up ${a.animal}`;
  if (a.kind === 'draw') return 'draw from the pile';
  return null;
}

const ui: GameUi<KaribaView> = {
  targets,
  Board,
  phase,
  label,
  scores: (view: KaribaView) => [{ label: 'Points', values: view.players.map((p) => p.score) }],
};
export default ui;
