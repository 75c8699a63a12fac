// The two screens every page is held to (layout.test.ts) and shown at (screenshots.test.ts): a
// laptop's 1366x768 and a phone's 390x844; and the tables they show, with four players
// (Kalimambo five).
export const SIZES = {
  laptop: { viewport: { width: 1366, height: 768 } },
  phone: { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true },
} as const;

export const GAMES: { game: string; players: number }[] = [
  { game: 'kariba', players: 4 },
  { game: 'kilimanjaro', players: 4 },
  { game: 'kap_kairo', players: 4 },
  { game: 'kalimambo', players: 5 },
  { game: 'kitara', players: 4 },
];
