// Every game the UI draws: one import and one entry per game, in the order of the engine's
// registry (src/games/registry.cc), which is the order of the lobby and the rules pages. A game's
// pieces live in its folder (module.ts); tests/unit/game_pieces.test.ts checks that every game the
// engine registers has all of them.
import kalimambo from './kalimambo/index.ts';
import kap_kairo from './kap_kairo/index.ts';
import kariba from './kariba/index.ts';
import kilimanjaro from './kilimanjaro/index.ts';
import kitara from './kitara/index.ts';
import type { GameModule } from './module.ts';

export const GAMES: readonly GameModule[] = [kariba, kilimanjaro, kap_kairo, kalimambo, kitara];
