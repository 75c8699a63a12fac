// The rules pages (src/games/<game>/rules.tsx): every game the UI draws has one, each with drawn
// examples, all written in our own words: no run of eight words from the game's rule text or from
// our own rules summary in docs/rules/<game>.md appears in them. The rule texts are the
// publishers' and not in the repository (docs/rules/<game>.md cites each); SAVANNA_RULE_TEXTS=DIR
// compares with a copy of them in DIR, <game>.txt for each game it has.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';
import { allRules, drawnGames, rulesOf } from '../../src/games/index.ts';
import { elements, render, type El } from './render.ts';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const ruleTexts = process.env.SAVANNA_RULE_TEXTS;

function words(s: string): string[] {
  return s
    .toLowerCase()
    .replace(/[^a-z0-9äöüß]+/g, ' ')
    .split(' ')
    .filter(Boolean);
}

function shingles(s: string, n = 8): Set<string> {
  const w = words(s);
  const out = new Set<string>();
  for (let i = 0; i + n <= w.length; i++) out.add(w.slice(i, i + n).join(' '));
  return out;
}

// The text of rendered nodes, with a space between elements so words never run together.
function spaced(nodes: (El | string)[]): string {
  return nodes.map((n) => (typeof n === 'string' ? n : ` ${spaced(n.children)} `)).join('');
}

test('the shingle check finds a copied sentence', () => {
  const source = 'Put down one or more cards of one animal at that animal place';
  expect([...shingles(`we wrote: ${source}.`)].some((s) => shingles(source).has(s))).toBe(true);
  expect([...shingles('Lay some cards of a single kind on the place of that kind')].some((s) => shingles(source).has(s))).toBe(false);
});

test('every drawn game has rules with drawn examples', () => {
  for (const game of drawnGames()) {
    const rules = rulesOf(game)!;
    expect(rules, game).not.toBeNull();
    const nodes = render(rules.sections.map((s) => s.body));
    const figures = elements(nodes).filter((e) => e.tag === 'figure');
    expect(figures.length, game).toBeGreaterThanOrEqual(1);
    for (const f of figures) expect(elements([f]).some((e) => e.tag === 'svg'), game).toBe(true);
  }
});

test('the rules are in our own words', () => {
  let compared = 0;
  for (const [game, rules] of allRules()) {
    const ours = shingles(`${rules.goal} ${rules.sections.map((s) => `${s.title} ${spaced(render(s.body))}`).join(' ')}`);
    const sources = [join(root, 'docs/rules', `${game}.md`)];
    if (ruleTexts) sources.push(join(ruleTexts, `${game}.txt`));
    for (const file of sources) {
      if (!existsSync(file)) continue;
      compared++;
      const theirs = shingles(readFileSync(file, 'utf8'));
      const copied = [...ours].filter((s) => theirs.has(s));
      expect(copied, `${game} vs ${file}`).toEqual([]);
    }
  }
  expect(compared).toBeGreaterThanOrEqual(5);
});
