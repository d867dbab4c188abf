// Vitest global setup: build dist-cli/ from this checkout's source before any test spawns
// `node bin/timescope.mjs`, so the CLI tests never run a stale build (about a second).
import { execFileSync } from 'node:child_process';
import { build } from 'vite';

export default async function setup(): Promise<void> {
  for (const config of ['vite.cli.config.ts', 'vite.sandbox.config.ts']) {
    await build({ configFile: new URL(`../../${config}`, import.meta.url).pathname, logLevel: 'warn' });
  }
  // The warm-up replay that `npm run build:cli` ends with: it leaves the worker's V8 code cache.
  execFileSync(process.execPath, ['bin/timescope.mjs', 'replay', 'src/sandbox/node/warmup/trace.json', 'src/sandbox/node/warmup/flow.js'], {
    cwd: new URL('../..', import.meta.url).pathname,
    stdio: 'ignore'
  });
}
