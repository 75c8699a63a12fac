// Vom Kap bis Kairo: the cards up for purchase, the build pool, the piles, the terrains' track
// needs, and every player's row of landscapes with the locomotive, capital, bonus tracks and
// (sealed) bid.
import type { JSX } from 'preact';
import { actionsOf, addTarget, type LegalAction, type Targets } from '../../choices.ts';
import type { KapKairoAction, KapKairoCard, KapKairoView } from '../../generated/schemas.ts';
import { SeatShape } from '../../palette.tsx';
import type { StructuredAction } from '../../api.ts';
import type { Who } from '../../who.ts';
import { Card, Mini, plural, PlayerRow, Target, turnLine, type BoardProps, type GameUi } from '../common.tsx';

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

const LAND_W = 64,
  LAND_H = 80;

// A landscape card as a small drawing at its own size: the terrain, its tracks and pounds.
function LandCard(props: { view: KapView; card: Land; dim?: boolean; highlight?: boolean; loco?: number; note?: string }): JSX.Element {
  const { card, view } = props;
  return (
    <Mini w={LAND_W + 4} h={LAND_H + (props.note !== undefined ? 22 : 4)} label={landText(card)}>
      <Card
        x={2}
        y={2}
        w={LAND_W}
        h={LAND_H}
        fill={fill(view, card.terrain)}
        pattern={card.terrain}
        big={String(card.tracks)}
        small={`${card.tracks === 1 ? 'track' : 'tracks'} £${card.pounds}`}
        dim={props.dim}
        highlight={props.highlight}
      />
      {props.loco !== undefined ? (
        <g class="loco">
          <title>the locomotive</title>
          <rect x={LAND_W / 2 - 16} y={LAND_H + 6} width={36} height={14} rx={3} fill="#1b1b1b" />
          <SeatShape seat={props.loco} x={LAND_W / 2 + 2} y={LAND_H + 13} r={5} />
        </g>
      ) : props.note ? (
        <text x={LAND_W / 2 + 2} y={LAND_H + 18} text-anchor="middle" class="card-note">
          {props.note}
        </text>
      ) : null}
    </Mini>
  );
}

function Market(props: { board: BoardProps<KapView>; view: KapView }): JSX.Element {
  const { board, view } = props;
  const top = view.discard.length ? view.discard[view.discard.length - 1] : null;
  return (
    <div class="part market" role="group" aria-label="the land purchase and the build pool">
      <h2 class="part-title">
        {view.phase === 'bid' ? 'Up for purchase (sealed bids)' : view.phase === 'choose' ? 'Up for purchase: choose in bid order' : 'No land purchase now'}
      </h2>
      <div class="cards">
        {view.auction.map((c, i) => (
          <Mini key={c.id} w={LAND_W + 4} h={LAND_H + 4}>
            <Target k={`take:${i}`} board={board} label={`take ${landText(c)}`}>
              <g data-auction-card={landText(c)}>
                <Card x={2} y={2} w={LAND_W} h={LAND_H} fill={fill(view, c.terrain)} pattern={c.terrain} big={String(c.tracks)} small={`${c.tracks === 1 ? 'track' : 'tracks'} £${c.pounds}`} />
              </g>
            </Target>
          </Mini>
        ))}
      </div>
      <h2 class="part-title">Build pool: {plural(view.revealed_tracks, 'track', 'tracks')}</h2>
      <div class="cards">
        {view.revealed.map((c, i) => (
          <LandCard key={c.id} view={view} card={c} highlight={i === view.revealed.length - 1} />
        ))}
      </div>
      <p class="market-line">
        Pile {view.pile_size} · discard {view.discard.length}
        {top ? ` (last: ${landText(top)})` : ''}
      </p>
      <p class="market-line">
        Tracks needed: {view.terrains.map((t) => `${t.name} ${t.tracks_needed}${t.river ? ' (bonus track)' : ''}`).join(', ')}
      </p>
    </div>
  );
}

function Rows(props: { board: BoardProps<KapView>; view: KapView }): JSX.Element {
  const { board, view } = props;
  const needed = new Map(view.terrains.map((t) => [t.name, t.tracks_needed]));
  return (
    <div class="part rows" role="group" aria-label="the players">
      {view.players.map((p) => {
        const bid =
          p.my_bid !== undefined ? `your sealed bid: ${p.my_bid}` : p.bid_submitted === true ? 'bid sealed ✓' : p.bid_submitted === false ? 'bidding…' : '';
        const lastBuilt = view.last_build?.player === p.seat;
        const head = (
          <>
            £{p.capital}, built {p.landscapes_built} of 8, {plural(p.bonus_tracks, 'bonus track', 'bonus tracks')}, open tracks {p.open_tracks}
            {p.next_landscape ? `; next: ${p.next_landscape.terrain} needs ${needed.get(p.next_landscape.terrain) ?? '?'}` : '; no open landscape'}
            {bid ? ` — ${bid}` : ''}
          </>
        );
        return (
          <PlayerRow key={p.seat} seat={p.seat} who={board.who} acting={view.to_act.includes(p.seat)} head={head}>
            <div class="cards">
              {p.row.map((c, j) => {
                const built = j < p.landscapes_built;
                return (
                  <span key={c.id} data-row-card={`${p.seat}:${j}`} data-built={built}>
                    <LandCard
                      view={view}
                      card={c}
                      dim={built}
                      highlight={lastBuilt && j === p.landscapes_built - 1}
                      loco={j === p.landscapes_built - 1 ? p.seat : undefined}
                      note={built ? 'built' : j === p.landscapes_built ? 'next' : ''}
                    />
                  </span>
                );
              })}
            </div>
          </PlayerRow>
        );
      })}
    </div>
  );
}

function Builder(props: { board: BoardProps<KapView>; view: KapView }): JSX.Element | null {
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
  if (!lines.length) return null;
  return (
    <div class="part builder">
      {lines.map((l, i) => (
        <p key={i} class="market-line">
          {l}
        </p>
      ))}
    </div>
  );
}

// The land purchase and the build pool, every player's row of landscapes with the locomotive, and
// the last auction and build in words: rows of small card drawings that wrap on a phone.
function Board(board: BoardProps<KapView>): JSX.Element {
  const view = board.view;
  return (
    <div class="kap-kairo-board" role="group" aria-label="Vom Kap bis Kairo table">
      <Market board={board} view={view} />
      <Rows board={board} view={view} />
      <Builder board={board} view={view} />
    </div>
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

// A choice in words: a bid in pounds, a card by its terrain, a build by what it spends.
function label(s: StructuredAction, view: KapView): string | null {
  const a = s as unknown as KapKairoAction;
  switch (a.kind) {
    case 'bid':
      return `bid £${a.pounds}`;
    case 'take':
      return view.auction[a.slot] ? `take ${landText(view.auction[a.slot])}` : null;
    case 'pass':
      return 'pass';
    case 'build': {
      const me = typeof view.viewer === 'number' ? view.players[view.viewer] : undefined;
      const spend = [a.bonus_tracks ? plural(a.bonus_tracks, 'bonus track', 'bonus tracks') : '', a.pounds ? `£${a.pounds}` : ''].filter(Boolean);
      return `build ${me?.next_landscape?.terrain ?? 'the next landscape'}${spend.length ? `, spending ${spend.join(' and ')}` : ' with the tracks on show'}`;
    }
    default:
      return null;
  }
}

const ui: GameUi<KapView> = {
  targets,
  Board,
  phase,
  label,
  scores: (view: KapView) => [
    { label: 'Built', values: view.players.map((p) => p.landscapes_built) },
    { label: '£', values: view.players.map((p) => p.capital) },
  ],
};
export default ui;
