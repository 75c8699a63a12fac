// The repository's JSON Schemas (schemas/, docs/schemas.md) loaded into ajv, with the
// checks every consumer shares: a server message (a WebSocket message, or an HTTP reply by its
// route), a game's view and its structured actions. Used by check_messages.mjs (the server tests'
// captured messages), the browser tests (every message the page receives) and the unit tests
// (the engine-made fixtures).
import Ajv from 'ajv';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const SCHEMA_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../../schemas');
const NOT_GAMES = new Set(['common', 'messages']);

// Every schema file by its name without ".json"; the games are the files other than common and
// messages.
export function loadSchemas(dir = SCHEMA_DIR) {
  const schemas = {};
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.json')).sort())
    schemas[file.slice(0, -'.json'.length)] = JSON.parse(readFileSync(join(dir, file), 'utf8'));
  return schemas;
}

export function schemaGames(schemas) {
  return Object.keys(schemas).filter((name) => !NOT_GAMES.has(name));
}

function describe(errors) {
  return (errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message}${e.params ? ' ' + JSON.stringify(e.params) : ''}`).join('; ');
}

// A checker over the schemas. `testGames`: game names (test-only games of the C++ tests) whose
// views are checked against the common header only; any other game needs a schema of its own.
export function makeChecker({ dir = SCHEMA_DIR, testGames = [] } = {}) {
  const schemas = loadSchemas(dir);
  const ajv = new Ajv({ allErrors: true, strict: true, allowUnionTypes: true });
  for (const [name, schema] of Object.entries(schemas)) ajv.addSchema(schema, `${name}.json`);
  const compiled = new Map();
  const get = (ref) => {
    if (!compiled.has(ref)) {
      const validate = ajv.getSchema(ref);
      if (!validate) throw new Error(`no schema ${ref}`);
      compiled.set(ref, validate);
    }
    return compiled.get(ref);
  };
  const problems = (ref, value) => (get(ref)(value) ? [] : [`${ref}: ${describe(get(ref).errors)}`]);
  const games = new Set(schemaGames(schemas));
  const tests = new Set(testGames);

  const checker = {
    games: [...games],
    // Problems with `value` against definition `name` of schema file `file` ([] when valid).
    check: (file, name, value) => problems(`${file}.json#/definitions/${name}`, value),
    view(view) {
      const out = problems('common.json#/definitions/viewHeader', view);
      const game = view?.game;
      if (games.has(game)) out.push(...problems(`${game}.json#/definitions/view`, view));
      else if (!tests.has(game)) out.push(`view: no schema for game ${JSON.stringify(game)}`);
      return out;
    },
    action(game, action) {
      const out = problems('common.json#/definitions/structuredAction', action);
      if (games.has(game)) out.push(...problems(`${game}.json#/definitions/action`, action));
      else if (!tests.has(game)) out.push(`action: no schema for game ${JSON.stringify(game)}`);
      return out;
    },
    // A WebSocket message from the server, parsed.
    serverMessage(message) {
      const out = problems('messages.json#/definitions/serverMessage', message);
      if (message?.type === 'state' && out.length === 0) {
        out.push(...checker.view(message.view));
        const game = message.view.game;
        for (const [i, a] of (message.legal_structured ?? []).entries())
          out.push(...checker.action(game, a).map((p) => `legal_structured[${i}]: ${p}`));
        for (const [i, e] of message.log.entries())
          out.push(...checker.action(game, e.structured).map((p) => `log[${i}]: ${p}`));
        if ((message.legal ?? []).length !== (message.legal_structured ?? []).length)
          out.push('legal and legal_structured differ in length');
      }
      return out;
    },
    // An HTTP reply to `method target` with `status` and the body as text; null when the reply
    // is not the API's (a web file, the built-in page).
    httpReply(method, target, status, contentType, body) {
      const path = target.split('?')[0];
      const json = /^application\/json/.test(contentType);
      if (!path.startsWith('/api/') && !json) return null;
      if (!json) return [`${method} ${path}: an API reply with content type ${JSON.stringify(contentType)}`];
      let value;
      try {
        value = JSON.parse(body);
      } catch {
        return [`${method} ${path}: the body is not JSON`];
      }
      if (status >= 400) return checker.check('messages', 'errorMessage', value);
      const route = apiRoute(method, path, status);
      if (!route) return [`${method} ${path} (${status}): no schema for this reply`];
      const out = checker.check('messages', route, value);
      if (route === 'reviewReply' && out.length === 0) {
        // A review step holds a view and log entries like a state message: each by its game.
        out.push(...checker.view(value.view));
        for (const [i, e] of value.log.entries()) out.push(...checker.action(value.view.game, e.structured).map((p) => `log[${i}]: ${p}`));
      }
      return out;
    },
  };
  return checker;
}

// The reply schema of a successful API request, by method and path.
function apiRoute(method, path, status) {
  if (method === 'GET' && path === '/api/games') return 'gamesReply';
  if (method === 'GET' && path === '/api/agents') return 'agentsReply';
  if (method === 'GET' && path === '/api/tables') return 'tablesReply';
  if (method === 'POST' && path === '/api/tables' && status === 201) return 'createReply';
  const m = /^\/api\/tables\/([^/]+)(?:\/([a-z]+))?$/.exec(path);
  if (!m) return null;
  const action = m[2] ?? '';
  if (method === 'GET' && action === '') return 'tableSummary';
  if (method === 'DELETE' && action === '') return 'deleteReply';
  if (method === 'GET' && action === 'record') return 'record';
  if (method === 'GET' && action === 'review') return 'reviewReply';
  if (method === 'POST' && action === 'join') return 'joinReply';
  if (method === 'POST' && action === 'leave') return 'leaveReply';
  if (method === 'POST' && action === 'rematch') return 'tableSummary';
  return null;
}
