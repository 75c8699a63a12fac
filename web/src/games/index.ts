// The table view of each registered game, by its registered name.
import type { GameUi } from './common.tsx';
import { fallback } from './fallback.tsx';
import { kalimambo } from './kalimambo.tsx';
import { kapKairo } from './kap_kairo.tsx';
import { kariba } from './kariba.tsx';
import { kilimanjaro } from './kilimanjaro.tsx';
import { kitara } from './kitara.tsx';

const GAMES: Record<string, GameUi> = {
  kariba,
  kilimanjaro,
  kap_kairo: kapKairo,
  kalimambo,
  kitara,
};

// A game without a drawing of its own (one registered on the server after this UI was built)
// still plays: its choices are listed and its view is summarised.
export function gameUi(name: string | undefined): GameUi {
  return (name && GAMES[name]) || fallback;
}

export function hasBoard(name: string): boolean {
  return name in GAMES;
}
