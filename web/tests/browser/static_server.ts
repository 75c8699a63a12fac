// A plain static file server for the browser tests of the static site: Python's http.server
// serving build/static (SAVANNA_STATIC_DIR) under a sub-path, with no `savanna serve` anywhere.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { stopServer } from './harness.ts';

const here = dirname(fileURLToPath(import.meta.url));
export const STATIC_DIR = resolve(process.env.SAVANNA_STATIC_DIR ?? join(here, '../../../build/static'));
export const SUB_PATH = '/games/savanna/';

export interface StaticServer {
  url: string; // the site's address, ending in SUB_PATH
  dir: string;
  stop: () => Promise<void>;
}

// Python's http.server on a free port, serving a folder where build/static appears at SUB_PATH.
export async function startStaticServer(): Promise<StaticServer> {
  if (!existsSync(join(STATIC_DIR, 'index.html')) || !existsSync(join(STATIC_DIR, 'engine/savanna_web.js')))
    throw new Error(`${STATIC_DIR} holds no site: run ./scripts/build_static.sh`);
  const dir = mkdtempSync(join(tmpdir(), 'savanna-static-test-'));
  mkdirSync(join(dir, 'root/games'), { recursive: true });
  symlinkSync(STATIC_DIR, join(dir, 'root/games/savanna'));
  const child: ChildProcess = spawn('/usr/bin/python3', ['-u', '-m', 'http.server', '0', '--bind', '127.0.0.1', '--directory', join(dir, 'root')], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stderr!.resume(); // its request log
  const port = await new Promise<string>((ok, fail) => {
    let out = '';
    const timer = setTimeout(() => fail(new Error(`http.server did not start: ${out}`)), 20000);
    child.stdout!.on('data', (d) => {
      out += String(d);
      const m = /port (\d+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        ok(m[1]);
      }
    });
    child.on('exit', (code) => fail(new Error(`http.server exited (${code}): ${out}`)));
  });
  return {
    url: `http://127.0.0.1:${port}${SUB_PATH}`,
    dir,
    stop: () => stopServer(child, dir),
  };
}

