// Kitara's card symbols, drawn (never letter codes): take, warrior, ruler animal, hero, move,
// prosperity and no-feed, each a distinct shape in a 16-unit box, and the legend that names them.
// The board's cards and the rules page use the same drawings.
import type { JSX } from 'preact';

export type KitaraSymbol = 'take' | 'warrior' | 'animal' | 'hero' | 'move' | 'prosperity' | 'no_feed';

export const SYMBOL_MEANING: Record<KitaraSymbol, string> = {
  take: 'take: the card row is one card wider for you to choose from',
  warrior: 'warrior: recruits a warrior (holds savannas, feeds your cards)',
  animal: 'ruler animal: recruits a ruler animal (scores 2 in a ruin each turn)',
  hero: 'hero: recruits a hero (draws a hero token when attacking)',
  move: 'move: one more move per turn',
  prosperity: 'prosperity: one point every turn',
  no_feed: 'no-feed: needs no food and is never discarded',
};

// One symbol at (x, y), `s` units wide (16 by default).
export function SymbolIcon(props: { kind: KitaraSymbol; x: number; y: number; s?: number }): JSX.Element {
  const k = (props.s ?? 16) / 16;
  return (
    <g class={`ksym ksym-${props.kind}`} transform={`translate(${props.x} ${props.y}) scale(${k})`} data-symbol={props.kind}>
      {SHAPES[props.kind]}
    </g>
  );
}

const SHAPES: Record<KitaraSymbol, JSX.Element> = {
  // a card with an arrow lifting it out of the row
  take: (
    <>
      <rect x={1} y={5} width={8} height={10} rx={1.5} class="ksym-line" />
      <path d="M8 8 L14 2 M10 2 L14 2 L14 6" class="ksym-line" />
    </>
  ),
  // a spear with a round shield
  warrior: (
    <>
      <path d="M11 1 L13 5 L11.8 5 L11.8 15 L10.2 15 L10.2 5 L9 5 Z" class="ksym-fill" />
      <circle cx={5} cy={10} r={4} class="ksym-fill" />
    </>
  ),
  // a paw: a pad and four toes
  animal: (
    <>
      <ellipse cx={8} cy={11} rx={4.2} ry={3.6} class="ksym-fill" />
      <circle cx={2.8} cy={6.5} r={1.7} class="ksym-fill" />
      <circle cx={6} cy={3.5} r={1.8} class="ksym-fill" />
      <circle cx={10} cy={3.5} r={1.8} class="ksym-fill" />
      <circle cx={13.2} cy={6.5} r={1.7} class="ksym-fill" />
    </>
  ),
  // a five-pointed star
  hero: <path d="M8 0.8 L10 6 L15.4 6.2 L11.2 9.6 L12.7 15 L8 11.9 L3.3 15 L4.8 9.6 L0.6 6.2 L6 6 Z" class="ksym-fill" />,
  // two footsteps forward: a double chevron
  move: <path d="M1 3 L7 8 L1 13 M8 3 L14 8 L8 13" class="ksym-line thick" />,
  // a coin
  prosperity: (
    <>
      <circle cx={8} cy={8} r={6.8} class="ksym-coin" />
      <circle cx={8} cy={8} r={3.6} class="ksym-line" />
    </>
  ),
  // a bowl crossed out
  no_feed: (
    <>
      <path d="M2 7 L14 7 Q13 14 8 14 Q3 14 2 7 Z" class="ksym-line" />
      <path d="M1 15 L15 1" class="ksym-line thick" />
    </>
  ),
};

export const SYMBOL_ORDER: KitaraSymbol[] = ['take', 'warrior', 'animal', 'hero', 'move', 'prosperity', 'no_feed'];

// The legend: every symbol drawn with its meaning.
export function SymbolLegend(): JSX.Element {
  return (
    <dl class="symbol-legend" aria-label="Kitara's card symbols">
      {SYMBOL_ORDER.map((kind) => {
        const [name, ...rest] = SYMBOL_MEANING[kind].split(': ');
        return (
          <div key={kind} class="legend-row">
            <dt>
              <svg viewBox="0 0 16 16" width={22} height={22} aria-hidden="true">
                <SymbolIcon kind={kind} x={0} y={0} />
              </svg>{' '}
              {name}
            </dt>
            <dd>{rest.join(': ')}</dd>
          </div>
        );
      })}
    </dl>
  );
}

// A card's symbols as counts per kind, in the order of the legend.
export function cardSymbols(c: { take: number; figures: [number, number, number]; moves: number; prosperity: number; no_feed: boolean }): [KitaraSymbol, number][] {
  const all: [KitaraSymbol, number][] = [
    ['take', c.take],
    ['warrior', c.figures[0]],
    ['animal', c.figures[1]],
    ['hero', c.figures[2]],
    ['move', c.moves],
    ['prosperity', c.prosperity],
    ['no_feed', c.no_feed ? 1 : 0],
  ];
  return all.filter(([, n]) => n > 0);
}

// Words for a card's symbols, for its hover text and screen readers: "2 take, 1 warrior, 2 move".
export function symbolsText(symbols: [KitaraSymbol, number][]): string {
  return symbols.map(([k, n]) => `${n} ${SYMBOL_MEANING[k].split(':')[0]}`).join(', ') || 'no symbols';
}

// The symbols drawn inside a card's box: each an icon, with its number when more than one,
// packed into lines that fit the width.
export function CardSymbols(props: { symbols: [KitaraSymbol, number][]; x: number; y: number; w: number }): JSX.Element {
  const icon = 14,
    line = 17;
  const items: JSX.Element[] = [];
  let cx = 0,
    row = 0;
  for (const [kind, n] of props.symbols) {
    const width = icon + (n > 1 ? 9 : 0) + 3;
    if (cx > 0 && cx + width > props.w - 4) {
      cx = 0;
      row++;
    }
    const x = props.x + 3 + cx,
      y = props.y + row * line;
    items.push(
      <g key={kind}>
        <SymbolIcon kind={kind} x={x} y={y} s={icon} />
        {n > 1 ? (
          <text x={x + icon + 0.5} y={y + icon - 1} class="ksym-count">
            {n}
          </text>
        ) : null}
      </g>,
    );
    cx += width;
  }
  return <g class="card-symbol-icons">{items}</g>;
}
