// What every game's table view provides, and the clickable SVG target they share. A game's board
// (games/<game>/board.tsx) reads its view (typed from schemas/<game>.json, docs/rules/<game>.md),
// draws it in SVG and maps the legal actions' structured forms to targets on the drawing;
// everything it shows comes from the view this seat received.
import type { ComponentChildren, JSX } from 'preact';
import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import type { GameResult, LogEntry, StructuredAction, ViewHeader } from '../api.ts';
import type { LegalAction, Targets } from '../choices.ts';
import { SeatBadge } from '../palette.tsx';
import { capital, type Who } from '../who.ts';

export interface BoardProps<View = ViewHeader> {
  view: View;
  legal: LegalAction[];
  viewer: number | 'spectator';
  targets: Targets;
  picked: string[];
  // A target clicked (or pressed with Enter or Space: `keyboard`, which picks without sending, so
  // that a move made from the keyboard is confirmed under Your move).
  onPick: (key: string, keyboard?: boolean) => void;
  last: LogEntry | null; // the latest move in the log
  who: Who; // the seats in words: "you" for the viewer's own seat, "P1 AI easy" for another
  hints?: Map<string, number> | null; // the coach's chance to win per legal action text (coach.tsx)
  // Where a board may keep what this page has seen of the table across states (Kitara: each
  // round's starting points, for the round summary); kept while the page shows the table, absent
  // in the review and the unit tests, where a board shows what one view holds.
  memory?: Map<string, unknown>;
}

// The coach's best chance to win among the actions a target stands for (undefined: no hint).
export function targetHint<View>(board: BoardProps<View>, key: string): number | undefined {
  if (!board.hints) return undefined;
  let best: number | undefined;
  for (const action of board.targets.get(key) ?? []) {
    const rate = board.hints.get(action);
    if (rate !== undefined && (best === undefined || rate > best)) best = rate;
  }
  return best;
}

export interface ScoreColumn {
  label: string; // e.g. "Points", "Space", "Minus points"
  values: (number | string)[]; // per seat
}

export interface GameUi<View = ViewHeader> {
  // Maps the legal actions, by their structured forms, to board targets ("group:value" keys).
  targets: (legal: LegalAction[], view: View) => Targets;
  Board: (props: BoardProps<View>) => JSX.Element;
  scores: (view: View, result: GameResult | null) => ScoreColumn[];
  // One line about what happens now, "Your turn: ..." when the viewer is to act
  // ("Land purchase: you and P2 AI easy bid sealed").
  phase: (view: View, who: Who) => string;
  // A choice button's words, from the action's structured form and the view ("take card 2: an
  // age-1 card (1 take, 1 warrior)"); null or absent: the action's text.
  label?: (action: StructuredAction, view: View, who: Who) => string | null;
  // The target groups (`kind` for "kind:lion") whose targets Your move offers as buttons before
  // anything is picked, with the question they answer, so a decision of many actions always
  // starts the same way (a card, then where it goes). Each button reads its target's value.
  firstSteps?: { group: string; prompt: string }[];
  // A warning for a choice with a cost the player may not see coming (Kitara: a move that leaves
  // cards unfed, whose discards take figures off the map), in words; null when there is none.
  // Such a choice is sent only after the player confirms it under Your move.
  warn?: (action: StructuredAction, view: View) => string | null;
}

// The turn line: "Your turn: <yours>" when the viewer is among `toAct` (naming whoever acts at
// the same time), else the seats to act with what they do, the verb agreeing with them ("P1 AI
// easy takes a card", "P1 and P2 choose a card").
export function turnLine(who: Who, toAct: number[], yours: string, one: string, many = one): string {
  if (toAct.some((s) => who.isYou(s))) {
    const others = toAct.filter((s) => !who.isYou(s));
    return `Your turn: ${yours}${others.length ? ` (${who.list(others)} at the same time)` : ''}`;
  }
  if (toAct.length === 0) return 'Nobody to act';
  return `${capital(who.list(toAct))} ${toAct.length > 1 ? many : one}`;
}

// A part of a board that stands for some legal actions: focusable, labelled, clickable with the
// mouse, Enter or Space. Drawn plainly when the key stands for no legal action.
export function Target<View>(props: {
  k: string;
  board: BoardProps<View>;
  label: string;
  children: ComponentChildren;
  class?: string;
}): JSX.Element {
  const { k, board } = props;
  const active = board.targets.has(k);
  const picked = board.picked.includes(k);
  if (!active)
    return (
      <g class={props.class} data-key={k}>
        {props.children}
      </g>
    );
  const onKey = (e: KeyboardEvent) => {
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      board.onPick(k, true);
    }
  };
  const hint = targetHint(board, k);
  const shown = hint === undefined ? undefined : Math.round(hint * 100);
  return (
    <g
      class={`target${picked ? ' picked' : ''}${props.class ? ' ' + props.class : ''}`}
      role="button"
      tabindex={0}
      aria-pressed={picked}
      data-target={k}
      data-hint={shown}
      onClick={() => board.onPick(k)}
      onKeyDown={onKey}
    >
      {/* The name comes from the title (not aria-label, which must repeat the drawn text). */}
      <title>{shown === undefined ? props.label : `${props.label} (AI: ${shown}% to win)`}</title>
      {props.children}
      {shown === undefined ? null : <HintBadge percent={shown} />}
    </g>
  );
}

// The coach's chance to win drawn on a target: a label centred just inside the target's top edge
// (inside, because a board's drawing ends at its targets' edges; centred, because the corners
// hold counts and numbers), sized
// to read at 14 px however far the board is scaled down (a phone shows boards at half size). Its
// place comes from the target's drawing, measured with the label hidden.
function HintBadge(props: { percent: number }): JSX.Element {
  const ref = useRef<SVGGElement>(null);
  const [place, setPlace] = useState<{ x: number; y: number; size: number } | null>(null);
  const [, setResized] = useState(0);
  // Measured again whenever the board's drawing changes size (a phone's page settles after the
  // first render; a window is resized).
  useEffect(() => {
    const svg = ref.current?.ownerSVGElement;
    if (!svg || typeof ResizeObserver === 'undefined') return;
    const watch = new ResizeObserver(() => setResized((n) => n + 1));
    watch.observe(svg);
    return () => watch.disconnect();
  }, []);
  useLayoutEffect(() => {
    const badge = ref.current;
    const target = badge?.parentNode as SVGGElement | null;
    if (!badge || !target?.getBBox) return;
    badge.style.display = 'none';
    const box = target.getBBox();
    // The drawing's scale on screen, from what the target covers there (getScreenCTM misses
    // the CSS transforms a phone's layout puts on a part of the board).
    const shown = target.getBoundingClientRect();
    badge.style.display = '';
    const scale = box.width > 0 && shown.width > 0 ? shown.width / box.width : 1;
    // 14 px asked, rounded up, so that the label stays at 12 px or more.
    const size = Math.ceil((14 / scale) * 10) / 10;
    const next = { x: Math.round(box.x + box.width / 2), y: Math.round(box.y), size };
    if (!place || place.x !== next.x || place.y !== next.y || place.size !== next.size) setPlace(next);
  });
  const text = `${props.percent}%`;
  const size = place?.size ?? 13;
  const width = size * (0.68 * text.length + 0.9);
  const height = size * 1.35;
  return (
    <g ref={ref} class="hint-badge" data-hint-badge={props.percent} aria-hidden="true" visibility={place ? undefined : 'hidden'}
      transform={`translate(${(place?.x ?? 0) - width / 2} ${(place?.y ?? 0) + size * 0.2})`}>
      <rect width={width} height={height} rx={height / 2} />
      <text x={width / 2} y={height * 0.72} style={{ fontSize: `${size}px` }} text-anchor="middle">
        {text}
      </text>
    </g>
  );
}

// A small drawing at its own size, one unit a pixel (a card, a pile, a tile among the words of a
// player's row): it never scales, so its text keeps its size on a phone as on a laptop. Its class
// `board` makes its targets those of the board.
export function Mini(props: { w: number; h: number; label?: string; children: ComponentChildren; data?: Record<string, string | number> }): JSX.Element {
  return (
    <svg class="board mini" width={props.w} height={props.h} viewBox={`0 0 ${props.w} ${props.h}`} role={props.label ? 'img' : undefined} aria-label={props.label} {...props.data}>
      {props.children}
    </svg>
  );
}

// A player's row on a board, in HTML (it wraps on a narrow screen): the seat's shape and name,
// then what the game shows of it (its score and public holdings). `data-seat-row` marks it for
// the tests that find every player's row on screen.
export function PlayerRow(props: { seat: number; who: Who; acting: boolean; head: ComponentChildren; children?: ComponentChildren }): JSX.Element {
  return (
    <div class={`player-row${props.acting ? ' acting' : ''}${props.who.isYou(props.seat) ? ' you' : ''}`} data-seat-row={props.seat}>
      <div class="row-head">
        <SeatBadge seat={props.seat} /> <strong>{props.who.Name(props.seat)}</strong>
        {props.acting ? <span class="to-act"> ▶</span> : null}: {props.head}
      </div>
      {props.children}
    </div>
  );
}

// A playing card: a rounded rectangle with a coloured band, a big label and a small caption.
export function Card(props: {
  x: number;
  y: number;
  w: number;
  h: number;
  fill: string;
  big: string;
  small?: string;
  pattern?: string; // an extra cue besides colour (e.g. the first letter of a type)
  dim?: boolean;
  highlight?: boolean;
}): JSX.Element {
  const { x, y, w, h } = props;
  return (
    <g class={`card${props.dim ? ' dim' : ''}${props.highlight ? ' last' : ''}`} data-box>
      <rect x={x} y={y} width={w} height={h} rx={6} class="card-face" />
      <rect x={x + 3} y={y + 3} width={w - 6} height={h * 0.3} rx={4} fill={props.fill} />
      {props.pattern ? (
        <text
          x={x + w / 2}
          y={y + 3 + h * 0.22}
          class="card-pattern"
          text-anchor="middle"
          {...(props.pattern.length * 7 > w - 8 ? { textLength: w - 10, lengthAdjust: 'spacingAndGlyphs' } : {})}
        >
          {props.pattern}
        </text>
      ) : null}
      <text x={x + w / 2} y={y + h * 0.66} class="card-big" text-anchor="middle">
        {props.big}
      </text>
      {props.small ? (
        <text x={x + w / 2} y={y + h - 7} class="card-small" text-anchor="middle">
          {props.small}
        </text>
      ) : null}
    </g>
  );
}

// The back of a card (hidden from this viewer).
export function CardBack(props: { x: number; y: number; w: number; h: number }): JSX.Element {
  const { x, y, w, h } = props;
  return (
    <g class="card-back">
      <rect x={x} y={y} width={w} height={h} rx={6} />
      <path d={`M${x + 6} ${y + h - 6} L${x + w - 6} ${y + 6}`} />
    </g>
  );
}

export function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}
