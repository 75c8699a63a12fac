// Kariba in the UI: its board, rules page, first-game guide, score help and styles.
import type { KaribaView } from '../../generated/schemas.ts';
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
      return `${who}'s ${plural(lp.count, view.animals[lp.animal - 1])} chased ${plural(lp.captured, view.animals[lp.chased - 1])} into their score pile.`;
    },
  },
  scoreHelp: { Points: 'One point per card in the score pile: the cards of the animals this player chased away. Most points wins.' },
});
