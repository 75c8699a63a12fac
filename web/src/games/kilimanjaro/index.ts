// Am Fuß des Kilimandscharo in the UI: its board, rules page, first-game guide, score help and
// styles.
import type { KilimanjaroView } from '../../generated/schemas.ts';
import { defineGame } from '../module.ts';
import ui from './board.tsx';
import { kilimanjaroRules } from './rules.tsx';
import './styles.css';

export default defineGame<KilimanjaroView>({
  name: 'kilimanjaro',
  ui,
  rules: kilimanjaroRules,
  guide: {
    tips: {
      place: 'Hide one of your counters on the trail: a banana helps whoever stops on it, a lion sends them back, a change counter swaps places. Not on a village, not beside another counter.',
      play: 'Pick a card in your hand and the pile to lay it on (yours, or the pile of a player level with you or ahead). Your expedition then moves by your three top cards.',
      banana: 'You found a banana: move the same distance again, or stay where you are.',
      change: 'You found a change counter: choose the expedition to deal with.',
    },
  },
  scoreHelp: { Space: 'How far along the trail the expedition stands (the base camp is space 100). First there wins; otherwise the furthest when the cards run out.' },
});
