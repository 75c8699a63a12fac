// The rules of every game the UI knows, in our own words (never the rule texts' sentences).
import type { GameRules } from './draw.tsx';
import { kalimamboRules } from './kalimambo.tsx';
import { kapKairoRules } from './kap_kairo.tsx';
import { karibaRules } from './kariba.tsx';
import { kilimanjaroRules } from './kilimanjaro.tsx';
import { kitaraRules } from './kitara.tsx';

export const RULES: Record<string, GameRules> = {
  kariba: karibaRules,
  kilimanjaro: kilimanjaroRules,
  kap_kairo: kapKairoRules,
  kalimambo: kalimamboRules,
  kitara: kitaraRules,
};

export function rulesOf(game: string): GameRules | null {
  return RULES[game] ?? null;
}
