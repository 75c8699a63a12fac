// A finished game in words: the headline for the person reading ("You won!", "You lost: P1 AI
// medium won.") and why the winners won, with the tie-break when one decided it. Each game says
// its own rule (GameModule.outcome) with the helpers below.
import type { GameResult } from './api.ts';
import { capital, type Who } from './who.ts';

export function headline(result: GameResult, who: Who): string {
  const winners = result.winners;
  const others = winners.filter((w) => !who.isYou(w));
  if (typeof who.viewer === 'number') {
    if (winners.includes(who.viewer)) return others.length ? `You shared the win with ${who.list(others)}.` : 'You won!';
    return winners.length > 1 ? `You lost: ${who.list(winners)} shared the win.` : `You lost: ${who.list(winners)} won.`;
  }
  return winners.length > 1 ? `${capital(who.list(winners))} shared the win.` : `${capital(who.list(winners))} won.`;
}

// "won", "shared", "lost" or "watched" (a spectator), for styles and tests.
export function outcomeOf(result: GameResult, who: Who): 'won' | 'shared' | 'lost' | 'watched' {
  if (typeof who.viewer !== 'number') return 'watched';
  if (!result.winners.includes(who.viewer)) return 'lost';
  return result.winners.length > 1 ? 'shared' : 'won';
}

// Every seat with its value, best first: "P2 AI random 20, you 14, P1 AI easy 12".
export function ranking(values: number[], who: Who, best: 'high' | 'low'): string {
  const seats = values.map((_, s) => s).sort((a, b) => (best === 'high' ? values[b] - values[a] : values[a] - values[b]) || a - b);
  return seats.map((s) => `${who.name(s)} ${values[s]}`).join(', ');
}

// The seats sharing the best value.
export function topSeats(values: number[], best: 'high' | 'low'): number[] {
  const top = best === 'high' ? Math.max(...values) : Math.min(...values);
  return values.map((v, s) => (v === top ? s : -1)).filter((s) => s >= 0);
}

// Why the winners won on a score where `best` wins ("Most points wins"), with what broke a tie:
// `tieBreak(tied)` names the rule and the values that decided among the tied seats; a tie the
// winners share is said so.
export function explainScores(opts: {
  values: number[];
  who: Who;
  best: 'high' | 'low';
  rule: string; // "Most points wins"
  tiedOn: (value: number) => string; // the tied value in words: "34 points", "space 80"
  winners: number[];
  tieBreak?: (tied: number[]) => string;
}): string {
  const { values, who, best, winners } = opts;
  const tied = topSeats(values, best);
  const top = values[tied[0]];
  const rank = `${opts.rule}: ${ranking(values, who, best)}.`;
  if (tied.length < 2) return rank;
  const level = `${capital(who.list(tied))} tied on ${opts.tiedOn(top)}`;
  if (winners.length < tied.length && opts.tieBreak) return `${rank} ${level}; ${opts.tieBreak(tied)}`;
  return `${rank} ${level} and share the win.`;
}
