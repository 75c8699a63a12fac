// The first-game guide: on a player's first table of a game (remembered in local storage per
// game), a panel beside the board explains the decision at hand and what the last move did, in
// plain words. A checkbox switches it off for every game (and back on).
import type { JSX } from 'preact';
import { useState } from 'preact/hooks';
import type { LogEntry } from './api.ts';

const FIRST_KEY = 'savanna.guide.first'; // game -> the id of the first table played
const OFF_KEY = 'savanna.guide.off'; // "1" once switched off

// What each decision means, by game and by the phase its view names.
const TIPS: Record<string, Record<string, string>> = {
  kariba: {
    play: 'Choose an animal (in your hand or at the waterhole), then how many of its cards to lay down. Three or more of one animal chase the strongest weaker animal present; its cards become your points.',
    draw: 'Fill your hand back up to five: take a face-up card or draw from the pile.',
  },
  kilimanjaro: {
    place: 'Hide one of your counters on the trail: a banana helps whoever stops on it, a lion sends them back, a change counter swaps places. Not on a village, not beside another counter.',
    play: 'Pick a card in your hand and the pile to lay it on (yours, or the pile of a player level with you or ahead). Your expedition then moves by your three top cards.',
    banana: 'You found a banana: move the same distance again, or stay where you are.',
    change: 'You found a change counter: choose the expedition to deal with.',
  },
  kap_kairo: {
    bid: 'Write a secret bid: everybody pays their bid, won or lost, and the highest bid chooses first.',
    choose: 'Your turn to take one of the cards for sale; it goes to the end of your row.',
    build: 'Build your next landscape with the tracks on show (pool, your row, bonus tracks, 10 pounds a missing track), or pass and let the next player try with one more card in the pool.',
  },
  kalimambo: {
    choose: 'Choose a card secretly. High cards move early, low ones late; a figure jumps to the front of the line. Keep away from the rhino behind the line and from dung heaps.',
  },
  kitara: {
    start: 'Choose a start area (☆) for your three warriors.',
    take: 'Take a card from the row: the highlighted ones are within reach of your take symbols. Its figures join you next.',
    recruit: 'Place each new figure on an area you hold.',
    move_source: 'Choose an area to move a group from, or end your moves.',
    move_group: 'Choose how many warriors, animals and heroes go along.',
    move_border: 'Choose the border to cross. Entering another player’s area attacks it: you need more figures than they have.',
    retreat: 'Your figures were driven out: choose where they retreat to.',
    discard: 'Your savannas with warriors cannot feed all your cards: choose a card to discard.',
    remove: 'A discarded card takes figures with it: choose which one to take off the map.',
  },
};

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

export function guideTip(game: string, phase: string | undefined): string | null {
  return (phase && TIPS[game]?.[phase]) || null;
}

// What the last move did, in words: Kariba tells a chase ("P2 AI random's 3 zebras chased 2
// meerkats"), every game at least who did what.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function lastMoveText(game: string, view: any, last: LogEntry | null, names: string[]): string | null {
  if (!last) return null;
  const who = names[last.player] ?? `P${last.player}`;
  const lp = view?.last_play;
  if (game === 'kariba' && lp && lp.player === last.player && Array.isArray(view.animals)) {
    const played = `${lp.count} ${view.animals[lp.animal - 1]}${lp.count > 1 ? 's' : ''}`;
    if (lp.captured > 0)
      return `${who}'s ${played} chased ${lp.captured} ${view.animals[lp.chased - 1]}${lp.captured > 1 ? 's' : ''} into their score pile.`;
  }
  return `${who}: ${last.action}.`;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function Guide(props: { game: string; table: string; view: any; last: LogEntry | null; names: string[]; yourTurn: boolean; store?: GuideStore }): JSX.Element | null {
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
  const last = lastMoveText(props.game, props.view, props.last, props.names);
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
