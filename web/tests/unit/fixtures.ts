// The engine-made fixtures of the current run (made by global_setup.ts): per game, positions with
// the seat to act, its view, its legal actions and their structured forms.
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

// A case's legal actions as the table page builds them from a state message.
export function legalOf(c: Case<unknown>): LegalAction[] {
  return c.legal.map((text, i) => ({ text, structured: c.legal_structured[i] }));
}
