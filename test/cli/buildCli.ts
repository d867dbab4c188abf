// Vitest global setup: build dist-cli/ from this checkout's source before any test spawns
// `node bin/timescope.mjs`, so the CLI tests never run a stale build (about a second).
import { build } from 'vite';

export default async function setup(): Promise<void> {
  await build({ configFile: new URL('../../vite.cli.config.ts', import.meta.url).pathname, logLevel: 'warn' });
}
