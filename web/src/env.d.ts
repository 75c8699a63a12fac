// Set by the build (vite.config.ts): true when the engine is built beside the UI.
declare const __SAVANNA_LOCAL__: boolean;
