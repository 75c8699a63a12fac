// Am Fuß des Kilimandscharo in the UI: its board, rules page, first-game guide, score help and
// styles.
import type { KilimanjaroView } from '../../generated/schemas.ts';
import { explainScores, ranking } from '../../outcome.ts';
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
  // The base camp reached first wins; else, once the cards are out, the furthest, a tie going to
  // the longest next move (the top cards), then shared.
  outcome: (view, result, who) => {
    const positions = view.players.map((p) => p.position);
    const camp = result.winners.find((w) => positions[w] >= view.trail.length);
    if (camp !== undefined) return `${who.says(camp, 'reached', 'reached')} the base camp first. Spaces: ${ranking(positions, who, 'high')}.`;
    return explainScores({
      values: positions,
      who,
      best: 'high',
      rule: 'The cards ran out and the furthest expedition wins',
      tiedOn: (v) => `space ${v}`,
      winners: result.winners,
      tieBreak: (tied) =>
        `the longest next move breaks the tie: ${tied.map((s) => `${who.name(s)} ${view.players[s].distance ?? 0}`).join(', ')}${
          result.winners.length > 1 ? `, and ${who.list(result.winners)} share the win` : ''
        }.`,
    });
  },
  options: {
    variant: {
      label: 'The change counter',
      choices: { standard: 'swaps places with another expedition', send_back: 'sends another expedition back to a village' },
      short: (v) => (v === 'send_back' ? 'change counter sends back' : `${v} variant`),
    },
  },
  scoreHelp: { Space: 'How far along the trail the expedition stands (the base camp is space 100). First there wins; otherwise the furthest when the cards run out.' },
});
