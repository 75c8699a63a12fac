// Vom Kap bis Kairo: the cards up for purchase, the build pool, the piles, the terrains' track
// needs, and every player's row of landscapes with the locomotive, capital, bonus tracks and
// (sealed) bid.
import type { JSX } from 'preact';
import { actionsOf, addTarget, type LegalAction, type Targets } from '../../choices.ts';
import type { KapKairoAction, KapKairoCard, KapKairoView } from '../../generated/schemas.ts';
import { SeatShape } from '../../palette.tsx';
import type { Who } from '../../who.ts';
import { Card, CardBack, plural, Target, turnLine, type BoardProps, type GameUi } from '../common.tsx';

type KapView = KapKairoView;
type Land = KapKairoCard;

const TERRAIN_FILL: Record<string, string> = {
  river: '#56B4E9',
  mountains: '#7f7f7f',
  desert: '#F0E442',
  villages: '#D55E00',
  savanna: '#009E73',
};
const OTHER_FILLS = ['#CC79A7', '#0072B2', '#E69F00'];

function fill(view: KapView, terrain: string): string {
  const i = view.terrains.findIndex((t) => t.name === terrain);
  return TERRAIN_FILL[terrain] ?? OTHER_FILLS[Math.max(0, i) % OTHER_FILLS.length];
}

// The card's text as the game writes it in `take` actions.
export function landText(c: Land): string {
  return `${c.terrain} (${c.tracks} ${c.tracks === 1 ? 'track' : 'tracks'}, ${c.pounds} ${c.pounds === 1 ? 'pound' : 'pounds'})`;
}

// A card up for purchase is taken by its place in the auction.
function targets(legal: LegalAction[]): Targets {
  const t: Targets = new Map();
  for (const { text, action } of actionsOf<KapKairoAction>(legal)) if (action.kind === 'take') addTarget(t, `take:${action.slot}`, text);
  return t;
}

function LandCard(props: { view: KapView; card: Land; x: number; y: number; w?: number; dim?: boolean; highlight?: boolean }): JSX.Element {
  const { card, view } = props;
  const w = props.w ?? 60;
  return (
    <Card
      x={props.x}
      y={props.y}
      w={w}
      h={Math.round(w * 1.3)}
      fill={fill(view, card.terrain)}
      pattern={w >= 56 ? card.terrain : card.terrain.slice(0, 3)}
      big={String(card.tracks)}
      small={`${card.tracks === 1 ? 'track' : 'tracks'} £${card.pounds}`}
      dim={props.dim}
      highlight={props.highlight}
    />
  );
}

function Market(props: { board: BoardProps<KapView>; view: KapView }): JSX.Element {
  const { board, view } = props;
  return (
    <g>
      <text x={20} y={22} class="caption">
        {view.phase === 'bid' ? 'Up for purchase (sealed bids)' : view.phase === 'choose' ? 'Up for purchase: choose in bid order' : 'No land purchase now'}
      </text>
      {view.auction.map((c, i) => (
        <Target key={c.id} k={`take:${i}`} board={board} label={`take ${landText(c)}`}>
          <g data-auction-card={landText(c)}>
            <LandCard view={view} card={c} x={20 + i * 70} y={32} />
          </g>
        </Target>
      ))}
      <text x={330} y={22} class="caption">
        Build pool: {plural(view.revealed_tracks, 'track', 'tracks')}
      </text>
      {view.revealed.slice(0, 8).map((c, i) => (
        <LandCard key={c.id} view={view} card={c} x={330 + i * 52} y={32} w={48} highlight={i === view.revealed.length - 1} />
      ))}
      {view.revealed.length > 8 ? (
        <text x={330} y={112} class="note">
          +{view.revealed.length - 8} more
        </text>
      ) : null}
      <CardBack x={760} y={32} w={46} h={60} />
      <text x={783} y={108} text-anchor="middle" class="row-text">
        pile {view.pile_size}
      </text>
      {view.discard.length ? (
        <LandCard view={view} card={view.discard[view.discard.length - 1]} x={822} y={32} w={46} dim />
      ) : null}
      <text x={845} y={108} text-anchor="middle" class="row-text">
        discard {view.discard.length}
      </text>
      <text x={890} y={40} class="row-text">
        Tracks needed:
      </text>
      {view.terrains.map((t, i) => (
        <text key={t.name} x={890} y={56 + i * 14} class="note">
          {t.name} {t.tracks_needed}
          {t.river ? ' (bonus)' : ''}
        </text>
      ))}
    </g>
  );
}

function Rows(props: { board: BoardProps<KapView>; view: KapView; y: number }): JSX.Element {
  const { board, view } = props;
  const needed = new Map(view.terrains.map((t) => [t.name, t.tracks_needed]));
  return (
    <g>
      {view.players.map((p, i) => {
        const y = props.y + i * 124;
        const acting = view.to_act.includes(p.seat);
        const bid =
          p.my_bid !== undefined
            ? `your sealed bid: ${p.my_bid}`
            : p.bid_submitted === true
              ? 'bid sealed ✓'
              : p.bid_submitted === false
                ? 'bidding…'
                : '';
        const lastBuilt = view.last_build?.player === p.seat;
        return (
          <g key={p.seat} class={`player-row${acting ? ' acting' : ''}`} data-seat-row={p.seat}>
            <SeatShape seat={p.seat} x={28} y={y + 8} r={8} />
            <text x={44} y={y + 13} class="row-text">
              {board.who.Name(p.seat)}: £{p.capital}, built {p.landscapes_built} of 8, {plural(p.bonus_tracks, 'bonus track', 'bonus tracks')}, open tracks {p.open_tracks}
              {p.next_landscape ? `; next: ${p.next_landscape.terrain} needs ${needed.get(p.next_landscape.terrain) ?? '?'}` : '; no open landscape'}
              {bid ? ` — ${bid}` : ''}
            </text>
            {p.row.map((c, j) => {
              const built = j < p.landscapes_built;
              const next = j === p.landscapes_built;
              const x = 20 + j * 66;
              return (
                <g key={c.id} data-row-card={`${p.seat}:${j}`} data-built={built}>
                  <LandCard view={view} card={c} x={x} y={y + 22} w={60} dim={built} highlight={lastBuilt && j === p.landscapes_built - 1} />
                  {j === p.landscapes_built - 1 ? (
                    <g class="loco">
                      <title>{`${board.who.Poss(p.seat)} locomotive`}</title>
                      <rect x={x + 12} y={y + 102} width={36} height={12} rx={3} fill="#1b1b1b" />
                      <SeatShape seat={p.seat} x={x + 30} y={y + 108} r={4} />
                    </g>
                  ) : (
                    <text x={x + 30} y={y + 112} text-anchor="middle" class="note">
                      {built ? 'built' : next ? 'next' : ''}
                    </text>
                  )}
                </g>
              );
            })}
          </g>
        );
      })}
    </g>
  );
}

function Builder(props: { board: BoardProps<KapView>; view: KapView; y: number }): JSX.Element | null {
  const { view } = props;
  const who = props.board.who;
  const la = view.last_auction,
    lb = view.last_build;
  const lines: string[] = [];
  if (la)
    lines.push(
      `Last auction: bids ${la.bids.map((b, s) => `${who.name(s)} ${b}`).join(', ')}; order ${la.order.map((s) => who.name(s)).join(' → ')}` +
        (la.tie_break_draws.length ? `; tie broken by ${la.tie_break_draws.map((d) => `${who.name(d.player)} drew ${d.card.pounds}`).join(', ')}` : '') +
        (la.by_lot ? ' (by lot)' : ''),
    );
  if (lb)
    lines.push(
      `Last build: ${who.says(lb.player, 'built', 'built')} ${landText(lb.landscape)}, ${lb.bonus_tracks_used} bonus, £${lb.pounds_paid} paid` +
        (lb.bonus_tracks_to.length ? `; bonus track to ${who.list(lb.bonus_tracks_to)}` : ''),
    );
  if (view.current !== null) lines.push(`${who.says(view.current, 'decide', 'decides')}: build or pass${view.nothing_to_reveal ? ' (nothing left to reveal)' : ''}`);
  return (
    <g>
      {lines.map((l, i) => (
        <text key={i} x={20} y={props.y + i * 18} class="row-text">
          {l}
        </text>
      ))}
    </g>
  );
}

function Board(board: BoardProps<KapView>): JSX.Element {
  const view = board.view;
  const rowsY = 150;
  const infoY = rowsY + view.players.length * 124 + 16;
  return (
    <svg viewBox={`0 0 1000 ${infoY + 60}`} class="board" role="group" aria-label="Vom Kap bis Kairo table">
      <Market board={board} view={view} />
      <Rows board={board} view={view} y={rowsY} />
      <Builder board={board} view={view} y={infoY} />
    </svg>
  );
}

function phase(view: KapView, who: Who): string {
  const t = view.to_act;
  switch (view.phase) {
    case 'bid':
      return t.some((s) => who.isYou(s)) ? `Land purchase · ${turnLine(who, t, 'write a sealed bid', '')}` : `Land purchase · sealed bids, waiting for ${who.list(t)}`;
    case 'choose':
      return `Land purchase · ${turnLine(who, t, 'take a card', 'takes a card')}`;
    case 'build':
      return `Track building · ${turnLine(who, t, 'build or pass', 'builds or passes')}`;
    default:
      return 'Game over';
  }
}

const ui: GameUi<KapView> = {
  targets,
  Board,
  phase,
  scores: (view: KapView) => [
    { label: 'Built', values: view.players.map((p) => p.landscapes_built) },
    { label: '£', values: view.players.map((p) => p.capital) },
  ],
};
export default ui;
