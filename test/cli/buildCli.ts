// Vitest global setup: build dist-cli/ from this checkout's source before any test spawns
// `node bin/timescope.mjs`, so the CLI tests never run a stale build (about a second).
import { build } from 'vite';

export default async function setup(): Promise<void> {
  for (const config of ['vite.cli.config.ts', 'vite.sandbox.config.ts']) {
    await build({ configFile: new URL(`../../${config}`, import.meta.url).pathname, logLevel: 'warn' });
  }
}
