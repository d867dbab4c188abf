#!/usr/bin/env node
// Launcher for the `timescope` command. The CLI is TypeScript in src/cli, built to plain ESM
// JavaScript in dist-cli/ by `npm run build:cli` (npm runs it as `prepare` on install), so a start
// compiles nothing. `npm run cli:dev` runs the TypeScript source through tsx instead.
import { existsSync } from 'node:fs';

// `timescope replay … | head` closes stdout early; that is the reader's choice, not an error.
process.stdout.on('error', (error) => {
  if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw error;
});

const built = new URL('../dist-cli/main.mjs', import.meta.url);
if (!existsSync(built)) {
  // Installed with --ignore-scripts, or dist-cli/ was removed: say how to get it, in one line.
  process.stderr.write("timescope: the CLI is not built (dist-cli/main.mjs is missing); run 'npm run build:cli' in the Timescope checkout\n");
  process.exit(2);
}
const { runCli } = await import(built.href);
process.exitCode = await runCli(process.argv.slice(2));
