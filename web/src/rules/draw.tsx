// Small drawings for the rules pages: a figure with its caption, and the few shapes the examples
// are made of (an animal card, a pile of cards, a space of a track, a figure, an arrow).
import type { ComponentChildren, JSX } from 'preact';

export interface RuleSection {
  title: string;
  body: ComponentChildren;
}

export interface GameRules {
  title: string;
  goal: string; // one sentence shown first and in the lobby
  sections: RuleSection[];
}

// A drawn example: an SVG with a caption that says the same in words (for screen readers too).
export function Example(props: { w: number; h: number; caption: string; children: ComponentChildren }): JSX.Element {
  return (
    <figure class="rule-example">
      <svg viewBox={`0 0 ${props.w} ${props.h}`} role="img" aria-label={props.caption} style={{ maxWidth: `${props.w}px` }}>
        <defs>
          <marker id="rule-arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">
            <path d="M0 0 L10 5 L0 10 z" class="rule-arrowhead" />
          </marker>
        </defs>
        {props.children}
      </svg>
      <figcaption>{props.caption}</figcaption>
    </figure>
  );
}

// A face-up card: a coloured band with a big number or letter and a name below.
export function MiniCard(props: { x: number; y: number; big: string; name: string; fill?: string; dim?: boolean }): JSX.Element {
  const { x, y } = props;
  return (
    <g class={`rule-card${props.dim ? ' dim' : ''}`}>
      <rect x={x} y={y} width={40} height={56} rx={5} class="rule-card-face" />
      <rect x={x + 3} y={y + 3} width={34} height={14} rx={3} fill={props.fill ?? '#bfa06c'} />
      <text x={x + 20} y={y + 37} text-anchor="middle" class="rule-card-big">
        {props.big}
      </text>
      <text x={x + 20} y={y + 51} text-anchor="middle" class="rule-card-name">
        {props.name}
      </text>
    </g>
  );
}

// A fanned pile of `count` equal cards with the count written on it.
export function MiniPile(props: { x: number; y: number; count: number; big: string; name: string; fill?: string }): JSX.Element {
  const cards: JSX.Element[] = [];
  for (let i = 0; i < props.count; i++)
    cards.push(<MiniCard key={i} x={props.x + i * 10} y={props.y} big={props.big} name={props.name} fill={props.fill} />);
  return (
    <g>
      {cards}
      <text x={props.x + 20 + (props.count - 1) * 5} y={props.y + 72} text-anchor="middle" class="rule-label">
        ×{props.count}
      </text>
    </g>
  );
}

export function Arrow(props: { x1: number; y1: number; x2: number; y2: number; bend?: number }): JSX.Element {
  const { x1, y1, x2, y2 } = props;
  const mx = (x1 + x2) / 2,
    my = (y1 + y2) / 2 - (props.bend ?? 0);
  return <path d={`M${x1} ${y1} Q${mx} ${my} ${x2} ${y2}`} class="rule-arrow" marker-end="url(#rule-arrow)" />;
}

export function Label(props: { x: number; y: number; children: ComponentChildren; anchor?: 'start' | 'middle' | 'end'; strong?: boolean }): JSX.Element {
  return (
    <text x={props.x} y={props.y} text-anchor={props.anchor ?? 'middle'} class={props.strong ? 'rule-label strong' : 'rule-label'}>
      {props.children}
    </text>
  );
}

// One space of a track, optionally holding a figure (a letter in a circle) or a mark.
export function Space(props: { x: number; y: number; figure?: string; mark?: string; tone?: 'plain' | 'heap' | 'village'; size?: number }): JSX.Element {
  const s = props.size ?? 34;
  return (
    <g class={`rule-space ${props.tone ?? 'plain'}`}>
      <rect x={props.x} y={props.y} width={s} height={s} rx={4} />
      {props.mark ? (
        <text x={props.x + s / 2} y={props.y + s - 4} text-anchor="middle" class="rule-mark">
          {props.mark}
        </text>
      ) : null}
      {props.figure ? (
        <g class="rule-figure">
          <circle cx={props.x + s / 2} cy={props.y + s / 2 - 2} r={s / 3} />
          <text x={props.x + s / 2} y={props.y + s / 2 + 2} text-anchor="middle">
            {props.figure}
          </text>
        </g>
      ) : null}
    </g>
  );
}
