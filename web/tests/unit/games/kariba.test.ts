// Kariba's board targets on engine-made fixtures (fixtures.ts): a click on an animal, the pile or a
// face-up card stands for exactly the actions it names (expectations read the structured forms);
// the first-game guide tells a chase with its animals and counts.
import { Who } from '../../../src/who.ts';
import { expect, test } from 'vitest';
import type { LegalAction } from '../../../src/choices.ts';
import type { KaribaAction } from '../../../src/generated/schemas.ts';
import { gameUi } from '../../../src/games/index.ts';
import { lastMoveText } from '../../../src/guide.tsx';
import { fixture, legalOf, type Case } from '../fixtures.ts';

const ui = gameUi('kariba');
const karibaCases = fixture<Case[]>('kariba');
function targetsOf(c: Case<unknown>) {
  return ui.targets(legalOf(c), c.view as never);
}
// The legal actions as the game's structured actions, with their texts.
function actions<A>(c: Case<unknown>): { text: string; a: A }[] {
  return legalOf(c).map((l: LegalAction) => ({ text: l.text, a: l.structured as unknown as A }));
}

test('kariba: each animal in hand offers exactly its plays; the pile and face-up cards their draws', () => {
  const kinds = new Set<string>();
  for (const c of karibaCases) {
    const t = targetsOf(c);
    for (const { text, a } of actions<KaribaAction>(c)) {
      kinds.add(a.kind);
      if (a.kind === 'play') expect(t.get(`animal:${a.animal}`)).toContain(text);
      else if (a.kind === 'draw') expect(t.get('pile')).toEqual([text]);
      else expect(t.get(`display:${a.animal}`)).toEqual([text]);
    }
  }
  expect([...kinds].sort()).toEqual(['draw', 'play', 'take']);
});

const animals = ['mouse', 'meerkat', 'zebra', 'giraffe', 'ostrich', 'cheetah', 'rhino', 'elephant'];

test('a Kariba chase is told with the animals and counts', () => {
  const view = { game: 'kariba', viewer: 0, phase: 'play', to_act: [0], animals, last_play: { player: 2, animal: 3, count: 3, chased: 2, captured: 2 } };
  const names = new Who(['P0 Ada', 'P1 AI easy', 'P2 Guest 3'], 1);
  expect(lastMoveText('kariba', view, { index: 4, player: 2, action: 'play 3 zebra', structured: { kind: 'play', animal: 'zebra', count: 3 } }, names)).toBe("P2 Guest 3's 3 zebras chased 2 meerkats into their score pile.");
  const quiet = { game: 'kariba', viewer: 0, phase: 'play', to_act: [0], animals, last_play: { player: 1, animal: 5, count: 1, chased: 0, captured: 0 } };
  expect(lastMoveText('kariba', quiet, { index: 5, player: 1, action: 'play 1 ostrich', structured: { kind: 'play', animal: 'ostrich', count: 1 } }, names)).toBe('You: play 1 ostrich.');
  // The seat reading its own chase.
  expect(lastMoveText('kariba', view, { index: 4, player: 2, action: 'play 3 zebra', structured: { kind: 'play', animal: 'zebra', count: 3 } }, new Who(names.names, 2))).toBe('Your 3 zebras chased 2 meerkats into your score pile.');
});
