// Kalimambo in the UI: its board, rules page, first-game guide, score help and styles.
import type { KalimamboView } from '../../generated/schemas.ts';
import { defineGame } from '../module.ts';
import ui from './board.tsx';
import { kalimamboRules } from './rules.tsx';
import './styles.css';

export default defineGame<KalimamboView>({
  name: 'kalimambo',
  ui,
  rules: kalimamboRules,
  guide: {
    tips: {
      choose: 'Choose a card secretly. High cards move early, low ones late; a figure jumps to the front of the line. Keep away from the rhino behind the line and from dung heaps.',
    },
  },
  scoreHelp: { 'Minus points': 'One per space the rhino ran up to this explorer, three per landing on dung (and Kali’s penalties for the lowest card). Fewest after twelve rounds wins.' },
});
