// Turning the server's legal actions into clicks. Each game maps its legal action texts to
// targets on its board ("card:canoe 6", "space:37"); a target's group is the part before the
// colon. Picking targets narrows the legal actions to those that match every picked target;
// once one action is left, it is played. Only legal actions can ever be sent.

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
  let next = [...picked.filter((k) => groupOf(k) !== groupOf(key)), key];
  if (narrowed(legal, targets, next).length === 0) next = [key];
  const actions = narrowed(legal, targets, next);
  if (actions.length === 1) return { picked: [], play: actions[0] };
  return { picked: next };
}

// Whether target `key` fits the current picks of the other groups (shown as a likely next click).
export function fits(legal: string[], targets: Targets, picked: string[], key: string): boolean {
  const others = picked.filter((k) => groupOf(k) !== groupOf(key));
  return narrowed(legal, targets, [...others, key]).length > 0;
}

// A numeric choice like a bid: every action is `<verb> <number>` with one verb. Returns the
// verb and the sorted numbers, or null.
export function numericChoice(actions: string[]): { verb: string; values: number[] } | null {
  if (actions.length < 2) return null;
  let verb: string | null = null;
  const values: number[] = [];
  for (const a of actions) {
    const m = /^(.*\S) (\d+)$/.exec(a);
    if (!m) return null;
    if (verb === null) verb = m[1];
    else if (verb !== m[1]) return null;
    values.push(Number(m[2]));
  }
  values.sort((x, y) => x - y);
  return verb === null ? null : { verb, values };
}
