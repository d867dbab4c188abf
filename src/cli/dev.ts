// `npm run cli:dev -- replay …`: the CLI straight from this TypeScript source through tsx, for
// working on src/cli or src/core without rebuilding dist-cli/. Not part of the build; `timescope`
// itself (bin/timescope.mjs) runs the plain-JS build.
import { runCli } from './main';

process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw error;
});
process.exitCode = await runCli(process.argv.slice(2));
