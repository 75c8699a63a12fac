// Kitara in the UI: its board, rules page (with the card symbols' legend), first-game guide,
// score help and styles.
import type { KitaraView } from '../../generated/schemas.ts';
import { explainScores } from '../../outcome.ts';
import { defineGame } from '../module.ts';
import ui from './board.tsx';
import { kitaraRules } from './rules.tsx';
import './styles.css';

export default defineGame<KitaraView>({
  name: 'kitara',
  ui,
  rules: kitaraRules,
  guide: {
    tips: {
      start: 'Choose a start area (☆) for your three warriors.',
      take: 'Take a card from the row: the highlighted ones are within reach of your take symbols. Its figures join you next.',
      recruit: 'Place each new figure on an area you hold.',
      move_source: 'Choose an area to move a group from, or end your moves.',
      move_group: 'Choose how many warriors, animals and heroes go along.',
      move_border: 'Choose the border to cross. Entering another player’s area attacks it: you need more figures than they have.',
      retreat: 'Your figures were driven out: choose where they retreat to.',
      discard: 'Your savannas with warriors cannot feed all your cards: choose a card to discard.',
      remove: 'A discarded card takes figures with it: choose which one to take off the map.',
    },
  },
  // Most points wins; a tie goes to the most hero tokens; a further tie is shared.
  outcome: (view, result, who) =>
    explainScores({
      values: result.scores,
      who,
      best: 'high',
      rule: 'Most points wins',
      tiedOn: (v) => `${v} points`,
      winners: result.winners,
      tieBreak: (tied) =>
        `the most hero tokens breaks the tie: ${tied.map((s) => `${who.name(s)} ${view.players[s].hero_tokens}`).join(', ')}${
          result.winners.length > 1 ? `, and ${who.list(result.winners)} share the win` : ''
        }.`,
    }),
  options: {
    deck: {
      label: 'Kingdom deck',
      choices: { blue: 'blue: for a first game', red: 'red: with cards that need no food and cannot be discarded' },
      short: (v) => `${v} deck`,
    },
  },
  scoreHelp: {
    Points: 'Prosperity symbols each turn, 2 per ruin held with a ruler animal; at the end 2 per card in the kingdom and the hero tokens’ values.',
    'Hero tokens': 'Drawn by attacks with a hero; their values count at the end and only their owner sees them before. The most tokens breaks a tie.',
    Cards: 'Cards in the kingdom: each is worth 2 points at the end.',
  },
});
