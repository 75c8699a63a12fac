// ESLint for the UI (pinned in package.json; `npm run lint`, run by `npm run build`): the
// recommended JavaScript rules and typescript-eslint's recommended rules (no `any`, no unused
// names), over the sources, the tests and the scripts. The generated types are not linted.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['src/generated/**', 'node_modules/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,mjs,js}'],
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: 'module',
      globals: { console: 'readonly', process: 'readonly', document: 'readonly', window: 'readonly', location: 'readonly', localStorage: 'readonly', WebSocket: 'readonly', fetch: 'readonly', setTimeout: 'readonly', clearTimeout: 'readonly', addEventListener: 'readonly', removeEventListener: 'readonly' },
    },
    // An unused parameter is named with a leading underscore (a signature a caller needs).
    rules: { '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }] },
  },
);
