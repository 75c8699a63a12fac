// The engine-made fixtures of the current run (made by global_setup.ts from each game's
// src/games/<game>/positions.json): per game, positions with the seat to act, its view, its legal
// actions and their structured forms.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { inject } from 'vitest';
import type { StructuredAction, ViewHeader } from '../../src/api.ts';
import type { LegalAction } from '../../src/choices.ts';

export interface Case<View = ViewHeader> {
  spec: string;
  viewer: number;
  legal: string[];
  legal_structured: StructuredAction[];
  view: View;
}

export function fixture<T>(game: string): T {
  return JSON.parse(readFileSync(join(inject('fixtures'), `${game}.json`), 'utf8')) as T;
}

// Every decision of a game's fixture, whatever its shape: a list of them, or groups of lists
// (a group of one position seen by every seat is left out).
export function casesOf<View = ViewHeader>(game: string): Case<View>[] {
  const f = fixture<Case<View>[] | Record<string, Case<View>[] | object>>(game);
  return Array.isArray(f) ? f : Object.values(f).flatMap((g) => (Array.isArray(g) ? g : []));
}

// A case's legal actions as the table page builds them from a state message.
export function legalOf(c: Case<unknown>): LegalAction[] {
  return c.legal.map((text, i) => ({ text, structured: c.legal_structured[i] }));
}
