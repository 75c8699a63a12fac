// Game specs and seat choices for the lobby: which parameters a person may set over the network,
// the spec text sent to the server, and the AI strengths offered for a seat.
import type { GameInfo, ParamInfo } from './api.ts';

export type ParamValue = number | string | boolean;

// Parameters the lobby offers: everything but `players` (asked separately) and string
// parameters (the server refuses them: they may name files on the server).
export function settableParams(game: GameInfo): [string, ParamInfo][] {
  return Object.entries(game.params).filter(
    ([name, p]) => name !== 'players' && p.type !== 'string',
  );
}

// `name(players=N,key=value,...)`, listing only values that differ from the defaults (players
// always), in the order of the game's parameter list.
export function gameSpec(game: GameInfo, players: number, values: Record<string, ParamValue>): string {
  const args = [`players=${players}`];
  for (const [name, p] of settableParams(game)) {
    const value = values[name];
    if (value === undefined || String(value) === String(p.default)) continue;
    args.push(`${name}=${String(value)}`);
  }
  return `${game.name}(${args.join(',')})`;
}

export interface SeatChoice {
  id: string;
  label: string;
  spec: string; // "human" or an agent spec
}

// What a seat can be: the strength ladder's levels (docs/agents.md), each thinking its own
// documented time per decision, which the server writes into the seat's spec
// (`strong` runs as `strong(time=0.2,...)`).
export const SEAT_CHOICES: SeatChoice[] = [
  { id: 'human', label: 'Human', spec: 'human' },
  { id: 'random', label: 'AI: random', spec: 'random' },
  { id: 'easy', label: 'AI: easy', spec: 'easy' },
  { id: 'medium', label: 'AI: medium', spec: 'medium' },
  { id: 'strong', label: 'AI: strong', spec: 'strong' },
  { id: 'expert', label: 'AI: expert', spec: 'expert' },
];

export function seatSpec(choiceId: string): string {
  const choice = SEAT_CHOICES.find((c) => c.id === choiceId);
  if (!choice) throw new Error(`unknown seat choice ${choiceId}`);
  return choice.spec;
}

// A short label for an agent seat's spec as the server shows it ("strong(time=0.2,tree_mb=64)":
// "AI strong"; a spec that is no seat choice is shown whole).
export function agentLabel(spec: string): string {
  const name = spec.split('(')[0];
  const known = SEAT_CHOICES.find((c) => c.spec === spec || c.spec === name);
  if (known) return known.label.replace(/^AI: /, 'AI ');
  return `AI ${spec}`;
}
