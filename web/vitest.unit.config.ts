// Unit tests of the UI's logic (no browser, no server): tests/unit.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  test: { include: ['tests/unit/**/*.test.ts'], environment: 'node' },
});
