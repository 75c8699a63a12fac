// What each score column of the seats table means, shown on hover (and to screen readers as the
// column header's description): by game and by the column's label.
const HELP: Record<string, Record<string, string>> = {
  kariba: { Points: 'One point per card in the score pile: the cards of the animals this player chased away. Most points wins.' },
  kilimanjaro: { Space: 'How far along the trail the expedition stands (the base camp is space 100). First there wins; otherwise the furthest when the cards run out.' },
  kap_kairo: {
    Built: 'Landscapes built so far; the first to finish an eighth wins.',
    '£': 'Money left (pounds): bids are paid from it, missing tracks cost 10 each, a built landscape pays out. Worth nothing at the end.',
  },
  kalimambo: { 'Minus points': 'One per space the rhino ran up to this explorer, three per landing on dung (and Kali’s penalties for the lowest card). Fewest after twelve rounds wins.' },
  kitara: {
    Points: 'Prosperity symbols each turn, 2 per ruin held with a ruler animal; at the end 2 per card in the kingdom and the hero tokens’ values.',
    'Hero tokens': 'Drawn by attacks with a hero; their values count at the end and only their owner sees them before. The most tokens breaks a tie.',
    Cards: 'Cards in the kingdom: each is worth 2 points at the end.',
  },
};

export function scoreHelp(game: string | undefined, label: string): string | undefined {
  return game ? HELP[game]?.[label] : undefined;
}
