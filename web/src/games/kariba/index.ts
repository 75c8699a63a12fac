// Kariba in the UI: its board, rules page, first-game guide, score help and styles.
import type { KaribaView } from '../../generated/schemas.ts';
import { explainScores } from '../../outcome.ts';
import { defineGame } from '../module.ts';
import ui from './board.tsx';
import { karibaRules } from './rules.tsx';
import './styles.css';

const plural = (n: number, animal: string) => `${n} ${animal}${n > 1 ? 's' : ''}`;

export default defineGame<KaribaView>({
  name: 'kariba',
  ui,
  rules: karibaRules,
  guide: {
    tips: {
      play: 'Choose an animal (in your hand or at the waterhole), then how many of its cards to lay down. Three or more of one animal chase the strongest weaker animal present; its cards become your points.',
      draw: 'Fill your hand back up to five: take a face-up card or draw from the pile.',
    },
    // A chase, with the animals and counts: "P2 AI random's 3 zebras chased 2 meerkats".
    lastMove: (view, last, who) => {
      const lp = view.last_play;
      if (!lp || lp.player !== last.player || lp.captured <= 0) return null;
      return `${who.Poss(last.player)} ${plural(lp.count, view.animals[lp.animal - 1])} chased ${plural(lp.captured, view.animals[lp.chased - 1])} into ${who.isYou(last.player) ? 'your' : 'their'} score pile.`;
    },
  },
  outcome: (view, result, who) =>
    explainScores({
      values: result.scores,
      who,
      best: 'high',
      rule: view.match.games > 1 ? `Most points over the ${view.match.games} games wins` : 'Most points wins',
      tiedOn: (v) => `${v} points`,
      winners: result.winners,
    }),
  options: {
    animals: {
      label: 'Animals in the deck',
      choices: { '8': '8 animals, 64 cards (today’s edition)', '9': '9 animals, 72 cards (the 2010 original; needed for 5 or 6 players)' },
      short: (v) => `${v} animals`,
    },
    chase: {
      label: 'What a chase drives away',
      choices: { closest: 'the strongest weaker animal at the waterhole', adjacent: 'only the next weaker animal (as reported for the 2010 original)' },
      short: (v) => (v === 'adjacent' ? 'chase the next weaker only' : `chase: ${v}`),
    },
    games: { label: 'Games in a match', help: 'The scores of the games add up; the rules suggest 3.', short: (v) => `match of ${v} games` },
    variant: {
      label: 'Variant',
      choices: { standard: 'standard: draw from the face-down pile', open: 'open: three face-up cards to take from too (for experienced players)' },
      short: (v) => `${v} variant`,
    },
  },
  scoreHelp: { Points: 'One point per card in the score pile: the cards of the animals this player chased away. Most points wins.' },
});
