// Vitest global setup: make sure dist-cli/ is built from this checkout's source before any test
// spawns `node bin/timescope.mjs`, so the CLI tests never run a stale build. The build stamp
// (scripts/build-stamp.mjs hashes every input) lets a build already made from these sources stand:
// `npm ci` builds the CLI once (its prepare script) and this reuses it instead of building again.
import { execFileSync } from 'node:child_process';

export default function setup(): void {
  execFileSync(process.execPath, ['scripts/build-stamp.mjs', 'build', 'cli', '--', 'npm', 'run', '-s', 'build:cli'], {
    cwd: new URL('../..', import.meta.url).pathname,
    stdio: ['ignore', 'ignore', 'inherit']
  });
}
