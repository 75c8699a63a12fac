// Game specs and seat choices for the lobby: which parameters a person may set over the network,
// the spec text sent to the server, and the AI strengths offered for a seat.
import type { AgentInfo, GameInfo, ParamInfo } from './api.ts';

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
  words: string; // what it is, for a person choosing an opponent
}

// What a seat can be: a person, or an AI: `random` (for learning the rules) and the strength
// ladder's levels (docs/agents.md), each thinking its own documented time per decision, which the
// server writes into the seat's spec (`strong` runs as `strong(time=0.2,...)`). The lobby adds each
// level's thinking time from `GET /api/agents`.
export const SEAT_CHOICES: SeatChoice[] = [
  { id: 'human', label: 'Person', spec: 'human', words: 'a person: you, or someone you send the join link to' },
  { id: 'random', label: 'AI: random', spec: 'random', words: 'plays any legal move at random; good for learning the rules' },
  { id: 'easy', label: 'AI: easy', spec: 'easy', words: 'tries each move in a few quick random games' },
  { id: 'medium', label: 'AI: medium', spec: 'medium', words: 'looks ahead with the game’s own sense of a good move' },
  { id: 'strong', label: 'AI: strong', spec: 'strong', words: 'as medium, thinking ten times longer' },
  { id: 'expert', label: 'AI: expert', spec: 'expert', words: 'as medium, thinking fifty times longer' },
];

// The opponent a new table offers: a level that plays sensibly and answers at once.
export const DEFAULT_OPPONENT = 'medium';

export function seatSpec(choiceId: string): string {
  const choice = SEAT_CHOICES.find((c) => c.id === choiceId);
  if (!choice) throw new Error(`unknown seat choice ${choiceId}`);
  return choice.spec;
}

// An agent's thinking time per decision as the server declares it (the default of its `time`
// parameter, `GET /api/agents`), in words: "0.02 s a move"; null when it has none (random).
export function thinkingTime(agent: AgentInfo | undefined): string | null {
  const time = agent?.params.time?.default;
  if (typeof time !== 'number' || time <= 0) return null;
  return `${time < 1 ? String(time) : time.toFixed(time % 1 ? 1 : 0)} s a move`;
}

// A short label for an agent seat's spec as the server shows it ("strong(time=0.2,tree_mb=64)":
// "AI strong"; a spec that is no seat choice is shown whole).
export function agentLabel(spec: string): string {
  const name = spec.split('(')[0];
  const known = SEAT_CHOICES.find((c) => c.spec === spec || c.spec === name);
  if (known) return known.label.replace(/^AI: /, 'AI ');
  return `AI ${spec}`;
}

// A game spec's parts, as the server writes it in a table summary: `kariba(animals=8,players=3)`
// is {name: "kariba", params: {animals: "8", players: "3"}}. The spec syntax is the engine's
// (docs/protocol.md); a value never holds a comma or a parenthesis.
export function parseSpec(spec: string): { name: string; params: Record<string, string> } {
  const open = spec.indexOf('(');
  if (open < 0) return { name: spec, params: {} };
  const params: Record<string, string> = {};
  for (const part of spec.slice(open + 1, spec.lastIndexOf(')')).split(',')) {
    const eq = part.indexOf('=');
    if (eq > 0) params[part.slice(0, eq)] = part.slice(eq + 1);
  }
  return { name: spec.slice(0, open), params };
}

// A parameter in words for a person, from the game's folder (GameModule.options).
export interface OptionWords {
  label: string; // "Animals in the deck"
  choices?: Record<string, string>; // per choice value, what it means
  help?: string; // what the option does, when the label and choices do not say it
  short: (value: string) => string; // a table's setting in a few words: "9 animals"
}

// A table's game in words: "3 players · 9 animals · open variant": the player count and each
// option that is not the game's default, in the game's own words (`words`), else name=value.
export function tableWords(spec: string, game: GameInfo | undefined, words: Record<string, OptionWords>): string {
  const { params } = parseSpec(spec);
  const parts = params.players ? [`${params.players} players`] : [];
  for (const [name, value] of Object.entries(params)) {
    if (name === 'players') continue;
    const info = game?.params[name];
    if (info && String(info.default) === value) continue;
    if (info?.type === 'string' && value === '') continue;
    parts.push(words[name] ? words[name].short(value) : `${name} ${value}`);
  }
  return parts.join(' · ');
}
