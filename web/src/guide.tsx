// The first-game guide: on a player's first table of a game (remembered in local storage per
// game), a panel beside the board explains the decision at hand and what the last move did, in
// plain words. A checkbox switches it off for every game (and back on).
import type { JSX } from 'preact';
import { useState } from 'preact/hooks';
import type { LogEntry, ViewHeader } from './api.ts';
import { gameOf } from './games/index.ts';
import { entryWords } from './story.ts';
import type { Who } from './who.ts';

const FIRST_KEY = 'savanna.guide.first'; // game -> the id of the first table played
const OFF_KEY = 'savanna.guide.off'; // "1" once switched off

interface GuideStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

// Whether this table is the player's first of its game (the first seen is remembered).
export function isFirstTable(store: GuideStore, game: string, table: string): boolean {
  let first: Record<string, string>;
  try {
    first = JSON.parse(store.getItem(FIRST_KEY) ?? '{}') as Record<string, string>;
  } catch {
    first = {};
  }
  if (!first[game]) {
    first[game] = table;
    store.setItem(FIRST_KEY, JSON.stringify(first));
  }
  return first[game] === table;
}

// What the decision at hand means, by the game's tips for the phase its view names.
export function guideTip(game: string, phase: string | undefined): string | null {
  return (phase && gameOf(game)?.guide.tips[phase]) || null;
}

// What the last move did, in words: the game's own telling where it has one (`guide.lastMove`),
// else who did what, as logged.
export function lastMoveText(game: string, view: ViewHeader | null, last: LogEntry | null, who: Who): string | null {
  if (!last) return null;
  const told = view ? gameOf(game)?.guide.lastMove?.(view, last, who) : null;
  return told ?? entryWords(last, who);
}

export function Guide(props: { game: string; table: string; view: ViewHeader; last: LogEntry | null; who: Who; yourTurn: boolean; store?: GuideStore }): JSX.Element | null {
  const store = props.store ?? localStorage;
  const [off, setOff] = useState(() => store.getItem(OFF_KEY) === '1');
  const [first] = useState(() => isFirstTable(store, props.game, props.table));
  if (!first) return null;
  const toggle = (e: Event) => {
    const show = (e.target as HTMLInputElement).checked;
    store.setItem(OFF_KEY, show ? '0' : '1');
    setOff(!show);
  };
  const tip = props.yourTurn ? guideTip(props.game, props.view?.phase) : null;
  const last = lastMoveText(props.game, props.view, props.last, props.who);
  return (
    <section class="guide" aria-label="first-game guide" data-guide={off ? 'off' : 'on'}>
      <label class="guide-switch">
        <input type="checkbox" checked={!off} onChange={toggle} data-guide-switch /> First-game guide
      </label>
      {off ? null : (
        <div aria-live="polite">
          {last ? (
            <p data-guide-last>
              <strong>Last move:</strong> {last}
            </p>
          ) : null}
          <p data-guide-tip>
            <strong>{props.yourTurn ? 'Now: ' : 'Meanwhile: '}</strong>
            {tip ?? (props.yourTurn ? 'Your choices are highlighted on the board and listed under Your move.' : 'Wait for the others; their moves appear here and in the log.')}
          </p>
        </div>
      )}
    </section>
  );
}
