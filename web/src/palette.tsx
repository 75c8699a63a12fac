// Seat colours and shapes. The colours are Okabe and Ito's palette for colour-blind readers, and
// every seat also has its own shape and its label (P0, P1, ...), so colour is never the only cue.
import type { JSX } from 'preact';

export const SEAT_COLOURS = [
  '#E69F00', // orange
  '#56B4E9', // sky blue
  '#009E73', // bluish green
  '#CC79A7', // reddish purple
  '#0072B2', // blue
  '#D55E00', // vermillion
  '#F0E442', // yellow
];
export const SHAPE_NAMES = ['circle', 'square', 'triangle', 'diamond', 'pentagon', 'hexagon', 'star'];

export function seatColour(seat: number): string {
  return SEAT_COLOURS[seat % SEAT_COLOURS.length];
}

function polygon(cx: number, cy: number, r: number, corners: number, turn = -Math.PI / 2): string {
  const points: string[] = [];
  for (let i = 0; i < corners; i++) {
    const a = turn + (2 * Math.PI * i) / corners;
    points.push(`${(cx + r * Math.cos(a)).toFixed(2)},${(cy + r * Math.sin(a)).toFixed(2)}`);
  }
  return points.join(' ');
}

function star(cx: number, cy: number, r: number): string {
  const points: string[] = [];
  for (let i = 0; i < 10; i++) {
    const a = -Math.PI / 2 + (Math.PI * i) / 5;
    const rr = i % 2 === 0 ? r : r * 0.45;
    points.push(`${(cx + rr * Math.cos(a)).toFixed(2)},${(cy + rr * Math.sin(a)).toFixed(2)}`);
  }
  return points.join(' ');
}

// A seat's marker inside an SVG: its shape in its colour with a dark outline.
export function SeatShape(props: { seat: number; x: number; y: number; r: number; title?: string }): JSX.Element {
  const { seat, x, y, r } = props;
  const style = { fill: seatColour(seat), stroke: '#1b1b1b', strokeWidth: Math.max(1, r / 6) };
  const shape = seat % SHAPE_NAMES.length;
  const title = props.title ? <title>{props.title}</title> : null;
  switch (shape) {
    case 0:
      return <circle cx={x} cy={y} r={r} style={style} data-seat={seat}>{title}</circle>;
    case 1:
      return <rect x={x - r * 0.85} y={y - r * 0.85} width={r * 1.7} height={r * 1.7} style={style} data-seat={seat}>{title}</rect>;
    case 2:
      return <polygon points={polygon(x, y + r * 0.15, r * 1.1, 3)} style={style} data-seat={seat}>{title}</polygon>;
    case 3:
      return <polygon points={polygon(x, y, r * 1.05, 4)} style={style} data-seat={seat}>{title}</polygon>;
    case 4:
      return <polygon points={polygon(x, y, r, 5)} style={style} data-seat={seat}>{title}</polygon>;
    case 5:
      return <polygon points={polygon(x, y, r, 6)} style={style} data-seat={seat}>{title}</polygon>;
    default:
      return <polygon points={star(x, y, r * 1.15)} style={style} data-seat={seat}>{title}</polygon>;
  }
}

// The marker as a small inline SVG for text (seat lists, the log).
export function SeatBadge(props: { seat: number }): JSX.Element {
  return (
    <svg class="seat-badge" viewBox="0 0 20 20" width="16" height="16" aria-hidden="true">
      <SeatShape seat={props.seat} x={10} y={10} r={7} />
    </svg>
  );
}
