// Builds the UI into the folder `savanna serve` serves (SAVANNA_WEB_OUT, set by CMake; default
// ../build/release/web). Relative asset paths, so the folder works wherever it is served from.
// With SAVANNA_WEB_LOCAL=1 (./scripts/build_static.sh) the UI offers play on this device: the
// engine is in the folder's engine/ beside it, which the build then leaves in place.
import { defineConfig } from 'vite';

const local = process.env.SAVANNA_WEB_LOCAL === '1';

export default defineConfig({
  base: './',
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  define: { __SAVANNA_LOCAL__: JSON.stringify(local) },
  // The engine's worker is an ES module (it imports the engine's module factory).
  worker: { format: 'es' },
  build: {
    outDir: process.env.SAVANNA_WEB_OUT ?? '../build/release/web',
    emptyOutDir: !local,
    target: 'es2022',
    sourcemap: false,
  },
});
