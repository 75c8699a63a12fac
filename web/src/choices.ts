// Turning the server's legal actions into clicks. Each game maps its legal actions, by their
// structured forms (never their texts), to targets on its board ("card:canoe 6", "space:37"); a
// target's group is the part before the colon. Picking targets narrows the legal actions to
// those that match every picked target; once one action is left, its text is sent. Only legal
// actions can ever be sent.
import type { StateMessage, StructuredAction } from './api.ts';

// A legal action: the text to send back in `act`, and its structured form to read meaning from.
export interface LegalAction {
  text: string;
  structured: StructuredAction;
}

// The legal actions of a state message (none when this connection's seat owes no action).
export function legalActions(state: Pick<StateMessage, 'legal' | 'legal_structured'> | null): LegalAction[] {
  const texts = state?.legal ?? [];
  const structured = state?.legal_structured ?? [];
  return texts.map((text, i) => ({ text, structured: structured[i] ?? { kind: 'unknown' } }));
}

// The legal actions with their structured forms as game `A`'s actions (the schema's
// <game>.json#/definitions/action, which the server's structured forms of that game follow).
export function actionsOf<A>(legal: LegalAction[]): { text: string; action: A }[] {
  return legal.map(({ text, structured }) => ({ text, action: structured as unknown as A }));
}

export type Targets = Map<string, string[]>; // target key -> the legal actions it stands for

export function groupOf(key: string): string {
  const colon = key.indexOf(':');
  return colon < 0 ? key : key.slice(0, colon);
}

export function addTarget(targets: Targets, key: string, action: string): void {
  const list = targets.get(key);
  if (list) {
    if (!list.includes(action)) list.push(action);
  } else targets.set(key, [action]);
}

// The legal actions that match every picked target (all of them when nothing is picked).
export function narrowed(legal: string[], targets: Targets, picked: string[]): string[] {
  let actions = legal;
  for (const key of picked) {
    const allowed = new Set(targets.get(key) ?? []);
    actions = actions.filter((a) => allowed.has(a));
  }
  return actions;
}

export interface PickResult {
  picked: string[]; // the new selection
  play?: string; // the action to send, when the picks leave exactly one
}

// A click on target `key` given the current picks: a second click on a picked target drops it;
// a target replaces any picked target of its group; a target that does not fit the other picks
// starts a new selection.
export function pick(legal: string[], targets: Targets, picked: string[], key: string): PickResult {
  if (!targets.has(key)) return { picked };
  if (picked.includes(key)) return { picked: picked.filter((k) => k !== key) };
  const next = picksWith(legal, targets, picked, key);
  const actions = narrowed(legal, targets, next);
  if (actions.length === 1) return { picked: [], play: actions[0] };
  return { picked: next };
}

// The picks after a click on target `key` (a legal target not picked yet), before anything is
// sent: `key` replaces the picked target of its group, or starts a new selection when it does
// not fit the others.
export function picksWith(legal: string[], targets: Targets, picked: string[], key: string): string[] {
  const next = [...picked.filter((k) => groupOf(k) !== groupOf(key)), key];
  return narrowed(legal, targets, next).length === 0 ? [key] : next;
}

// Whether target `key` fits the current picks of the other groups (shown as a likely next click).
export function fits(legal: string[], targets: Targets, picked: string[], key: string): boolean {
  const others = picked.filter((k) => groupOf(k) !== groupOf(key));
  return narrowed(legal, targets, [...others, key]).length > 0;
}

// A numeric choice like a bid or a space: at least two actions of one kind with the same fields,
// differing only in one integer field. Returns the kind, that field, its sorted values and the
// action text of each value, or null.
export interface NumericChoice {
  kind: string;
  field: string;
  values: number[];
  textOf: Map<number, string>;
}

export function numericChoice(actions: LegalAction[]): NumericChoice | null {
  if (actions.length < 2) return null;
  const first = actions[0].structured;
  const fields = Object.keys(first).filter((f) => f !== 'kind');
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
  const varying = fields.filter((f) => actions.some((a) => !same(a.structured[f], first[f])));
  if (varying.length !== 1) return null;
  const field = varying[0];
  const textOf = new Map<number, string>();
  for (const a of actions) {
    const s = a.structured;
    if (s.kind !== first.kind || !same(Object.keys(s).sort(), Object.keys(first).sort())) return null;
    const value = s[field];
    if (typeof value !== 'number' || !Number.isInteger(value) || textOf.has(value)) return null;
    textOf.set(value, a.text);
  }
  return { kind: first.kind, field, values: [...textOf.keys()].sort((x, y) => x - y), textOf };
}
