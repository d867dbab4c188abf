// Where the sandbox's worker thread starts, for `replay` and `replay-all` alike.

/** dist-cli/sandbox-boot.cjs beside the built CLI (it loads sandbox-worker.cjs); from the TypeScript source (cli:dev), the worker's source through tsx. */
export function sandboxWorker(): { file: URL; execArgv: string[] } {
  const fromSource = import.meta.url.endsWith('.ts');
  return fromSource
    ? { file: new URL('../sandbox/node/worker.ts', import.meta.url), execArgv: ['--import', 'tsx'] }
    : { file: new URL('./sandbox-boot.cjs', import.meta.url), execArgv: [] };
}
