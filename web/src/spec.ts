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

// What a seat can be. Search agents get `time=0` so that their iteration budget counts (the
// server gives agents without a `time` its per-decision time budget instead).
export const SEAT_CHOICES: SeatChoice[] = [
  { id: 'human', label: 'Human', spec: 'human' },
  { id: 'random', label: 'AI: easy (random)', spec: 'random' },
  { id: 'ismcts-200', label: 'AI: medium (ISMCTS 200)', spec: 'ismcts(iters=200,time=0)' },
  { id: 'ismcts-2000', label: 'AI: strong (ISMCTS 2000)', spec: 'ismcts(iters=2000,time=0)' },
];

export function seatSpec(choiceId: string): string {
  const choice = SEAT_CHOICES.find((c) => c.id === choiceId);
  if (!choice) throw new Error(`unknown seat choice ${choiceId}`);
  return choice.spec;
}

// A short label for an agent seat's spec as the server shows it ("ismcts(iters=200,time=0)").
export function agentLabel(spec: string): string {
  const known = SEAT_CHOICES.find((c) => c.spec === spec);
  if (known) return known.label.replace(/^AI: /, 'AI ');
  return `AI ${spec}`;
}
