// Vom Kap bis Kairo in the UI: its board, rules page, first-game guide, score help and styles.
import type { KapKairoView } from '../../generated/schemas.ts';
import { ranking } from '../../outcome.ts';
import { defineGame } from '../module.ts';
import ui from './board.tsx';
import { kapKairoRules } from './rules.tsx';
import './styles.css';

export default defineGame<KapKairoView>({
  name: 'kap_kairo',
  ui,
  rules: kapKairoRules,
  guide: {
    tips: {
      bid: 'Write a secret bid: everybody pays their bid, won or lost, and the highest bid chooses first.',
      choose: 'Your turn to take one of the cards for sale; it goes to the end of your row.',
      build: 'Build your next landscape with the tracks on show (pool, your row, bonus tracks, 10 pounds a missing track), or pass and let the next player try with one more card in the pool.',
    },
  },
  outcome: (view, result, who) =>
    `${result.winners.length === 1 ? `${who.says(result.winners[0], 'were', 'was')} the first to build an eighth landscape` : 'The game ended'}. Landscapes built: ${ranking(
      view.players.map((p) => p.landscapes_built),
      who,
      'high',
    )}.`,
  options: {},
  scoreHelp: {
    Built: 'Landscapes built so far; the first to finish an eighth wins.',
    '£': 'Money left (pounds): bids are paid from it, missing tracks cost 10 each, a built landscape pays out. Worth nothing at the end.',
  },
});
