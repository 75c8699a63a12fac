// Unit tests of the UI's logic (no browser, no server): tests/unit. The engine's fixtures are made
// afresh before they run (tests/unit/global_setup.ts).
import { defineConfig } from 'vitest/config';

export default defineConfig({
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  define: { __SAVANNA_LOCAL__: 'false' },
  test: { include: ['tests/unit/**/*.test.ts'], environment: 'node', globalSetup: ['tests/unit/global_setup.ts'] },
});
