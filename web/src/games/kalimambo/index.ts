// Kalimambo in the UI: its board, rules page, first-game guide, score help and styles.
import type { KalimamboView } from '../../generated/schemas.ts';
import { explainScores } from '../../outcome.ts';
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
  // The game's scores are the minus points negated (the most wins); the page shows minus points.
  outcome: (view, result, who) =>
    explainScores({
      values: view.players.map((p) => p.minus_points),
      who,
      best: 'low',
      rule: 'Fewest minus points wins',
      tiedOn: (v) => `${v} minus points`,
      winners: result.winners,
    }),
  options: {
    track: { label: 'Spaces on the track', help: 'The loop the explorers, Kali and the rhino run on: 32 in one source, about 40 in another.', short: (v) => `${v} spaces` },
  },
  scoreHelp: { 'Minus points': 'One per space the rhino ran up to this explorer, three per landing on dung (and Kali’s penalties for the lowest card). Fewest after twelve rounds wins.' },
});
