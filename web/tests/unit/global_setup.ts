// Before the unit tests: makes the engine's fixtures afresh (fixtures/make_fixtures.mjs replays
// each game's src/games/<game>/positions.json with the built `savanna`, or SAVANNA_BIN) into a
// temporary folder that the tests read through fixtures.ts, so a fixture can never be older than
// the engine.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    fixtures: string;
  }
}

export default function setup(project: TestProject): () => void {
  const dir = mkdtempSync(join(tmpdir(), 'savanna-web-fixtures-'));
  const args = ['tests/unit/fixtures/make_fixtures.mjs', dir, ...(process.env.SAVANNA_BIN ? [process.env.SAVANNA_BIN] : [])];
  execFileSync(process.execPath, args, { stdio: 'inherit' });
  project.provide('fixtures', dir);
  return () => rmSync(dir, { recursive: true, force: true });
}
