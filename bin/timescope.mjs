#!/usr/bin/env node
// Launcher for the `timescope` command: the CLI is TypeScript in src/cli, run through tsx (a
// devDependency) so it shares the app's core code without a separate build step.
import { register } from 'tsx/esm/api';

// `timescope replay … | head` closes stdout early; that is the reader's choice, not an error.
process.stdout.on('error', (error) => {
  if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw error;
});

register();
const { runCli } = await import('../src/cli/main.ts');
process.exitCode = await runCli(process.argv.slice(2));
