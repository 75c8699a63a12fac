// Validates every message the C++ server tests received (captured by tests/server/
// message_capture.cc into FOLDER/*.jsonl) against schemas/; run by ctest as
// `server_messages_schema` after the server tests. Prints each failure with the test that saw
// it; exit status 1 when any message fails, or when nothing was captured.
//   node scripts/check_messages.mjs FOLDER
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeChecker } from './schemas.mjs';

// The C++ tests' own test-only games (tests/testing/): their views carry only the common header.
const TEST_GAMES = ['sealed_bids'];

const dir = process.argv[2];
if (!dir) {
  console.error('usage: node scripts/check_messages.mjs FOLDER');
  process.exit(2);
}
const checker = makeChecker({ testGames: TEST_GAMES });
const counts = { ws: 0, http: 0, skipped: 0 };
const failures = [];
const files = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.jsonl')) : [];
for (const file of files) {
  const lines = readFileSync(join(dir, file), 'utf8').split('\n').filter(Boolean);
  for (const [n, line] of lines.entries()) {
    const where = `${file}:${n + 1}`;
    let record;
    try {
      record = JSON.parse(line);
    } catch {
      failures.push(`${where}: the capture line is not JSON`);
      continue;
    }
    let problems;
    if (record.kind === 'ws') {
      counts.ws++;
      let message;
      try {
        message = JSON.parse(record.body);
        problems = checker.serverMessage(message);
      } catch {
        problems = ['the message is not JSON'];
      }
    } else {
      if (record.status === 0) {
        counts.skipped++;
        continue;
      }
      problems = checker.httpReply(record.method, record.target, record.status, record.content_type, record.body);
      if (problems === null) {
        counts.skipped++;
        continue;
      }
      counts.http++;
    }
    for (const p of problems) failures.push(`${where} (${record.test}) ${record.kind === 'ws' ? 'ws' : `${record.method} ${record.target} ${record.status}`}: ${p}\n    ${record.body.slice(0, 300)}`);
  }
}
console.log(`${files.length} capture files: ${counts.ws} WebSocket messages and ${counts.http} HTTP replies checked, ${counts.skipped} not the API's`);
if (counts.ws + counts.http === 0) {
  console.error(`nothing was captured in ${dir}: did the server tests run with SAVANNA_MESSAGE_CAPTURE?`);
  process.exit(1);
}
for (const f of failures.slice(0, 50)) console.error(f);
if (failures.length) {
  console.error(`${failures.length} messages do not match schemas/`);
  process.exit(1);
}
