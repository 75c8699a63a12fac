// The mapping from clicks to legal actions: only legal actions are ever played.
import { describe, expect, test } from 'vitest';
import { addTarget, fits, groupOf, narrowed, numericChoice, pick, type Targets } from '../../src/choices.ts';

// Kilimanjaro-like: a card and a pile together make one action.
const legal = ['play canoe 6 on P0 pile 1', 'play canoe 6 on P1 pile 2', 'play mule 3 on P0 pile 1'];
function targets(): Targets {
  const t: Targets = new Map();
  for (const a of legal) {
    const m = /^play (\S+ \d+) on (P\d pile \d)$/.exec(a)!;
    addTarget(t, `card:${m[1]}`, a);
    addTarget(t, `pile:${m[2]}`, a);
  }
  return t;
}

describe('choices', () => {
  test('groupOf is the part before the colon', () => {
    expect(groupOf('card:canoe 6')).toBe('card');
    expect(groupOf('pile')).toBe('pile');
  });

  test('addTarget keeps each action once per target', () => {
    const t: Targets = new Map();
    addTarget(t, 'a:1', 'x');
    addTarget(t, 'a:1', 'x');
    addTarget(t, 'a:1', 'y');
    expect(t.get('a:1')).toEqual(['x', 'y']);
  });

  test('picks narrow the legal actions to those matching every pick', () => {
    const t = targets();
    expect(narrowed(legal, t, [])).toEqual(legal);
    expect(narrowed(legal, t, ['card:canoe 6'])).toEqual(legal.slice(0, 2));
    expect(narrowed(legal, t, ['card:canoe 6', 'pile:P1 pile 2'])).toEqual(['play canoe 6 on P1 pile 2']);
  });

  test('a card then a pile plays the one action they make', () => {
    const t = targets();
    const first = pick(legal, t, [], 'card:canoe 6');
    expect(first).toEqual({ picked: ['card:canoe 6'] });
    expect(pick(legal, t, first.picked, 'pile:P1 pile 2')).toEqual({ picked: [], play: 'play canoe 6 on P1 pile 2' });
  });

  test('a target that leaves one action plays it at once', () => {
    const t = targets();
    expect(pick(legal, t, [], 'card:mule 3')).toEqual({ picked: [], play: 'play mule 3 on P0 pile 1' });
  });

  test('a second click drops a pick; a pick of the same group replaces it', () => {
    const t = targets();
    expect(pick(legal, t, ['card:canoe 6'], 'card:canoe 6')).toEqual({ picked: [] });
    expect(pick(legal, t, ['pile:P0 pile 1'], 'pile:P1 pile 2')).toEqual({ picked: [], play: 'play canoe 6 on P1 pile 2' });
  });

  test('a target that does not fit the picks starts a new selection', () => {
    const t = targets();
    // mule 3 cannot go on P1 pile 2: picking it after that pile starts over with the card alone.
    expect(pick(legal, t, ['pile:P1 pile 2'], 'card:mule 3')).toEqual({ picked: [], play: 'play mule 3 on P0 pile 1' });
    expect(fits(legal, t, ['pile:P1 pile 2'], 'card:mule 3')).toBe(false);
    expect(fits(legal, t, ['pile:P1 pile 2'], 'card:canoe 6')).toBe(true);
  });

  test('an unknown target changes nothing and plays nothing', () => {
    expect(pick(legal, targets(), ['card:canoe 6'], 'card:lion 9')).toEqual({ picked: ['card:canoe 6'] });
  });

  test('numericChoice finds a range of one numeric field and refuses mixed lists', () => {
    const bid = (n: number) => ({ text: `bid ${n}`, structured: { kind: 'bid', pounds: n } });
    const place = (counter: string, space: number) => ({ text: `place ${counter} on ${space}`, structured: { kind: 'place', counter, space } });
    const choice = numericChoice([bid(2), bid(0), bid(1)])!;
    expect([choice.kind, choice.field, choice.values]).toEqual(['bid', 'pounds', [0, 1, 2]]);
    expect(choice.textOf.get(2)).toBe('bid 2');
    // The texts are never read: a game may write its numbers however it likes.
    expect(numericChoice([{ text: 'x', structured: { kind: 'bid', pounds: 7 } }, bid(3)])!.textOf.get(7)).toBe('x');
    const spaces = numericChoice([place('lion', 37), place('lion', 12)])!;
    expect([spaces.kind, spaces.field, spaces.values]).toEqual(['place', 'space', [12, 37]]);
    expect(numericChoice([place('lion', 37), place('banana', 12)])).toBeNull(); // two fields differ
    expect(numericChoice([bid(1), { text: 'pass', structured: { kind: 'pass' } }])).toBeNull();
    expect(numericChoice([bid(1), { text: 'take 2', structured: { kind: 'take', pounds: 2 } }])).toBeNull();
    expect(numericChoice([bid(1), { text: 'bid x', structured: { kind: 'bid', pounds: 'x' } }])).toBeNull();
    expect(numericChoice([bid(1)])).toBeNull();
  });
});
