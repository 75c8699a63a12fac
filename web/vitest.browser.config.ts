// Browser tests: a real `savanna serve` and Debian's chromium driven by playwright-core
// (tests/browser). One file at a time: the machine is small and each file starts a server.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/browser/**/*.test.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 300_000,
    hookTimeout: 60_000,
  },
});
