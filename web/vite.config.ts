// Builds the UI into the folder `savanna serve` serves (SAVANNA_WEB_OUT, set by CMake; default
// ../build/release/web). Relative asset paths, so the folder works wherever it is served from.
import { defineConfig } from 'vite';

export default defineConfig({
  base: './',
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  build: {
    outDir: process.env.SAVANNA_WEB_OUT ?? '../build/release/web',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
  },
});
