// Pieces of command-line parsing that `replay` (args.ts) and `export-test` (exportTestArgs.ts) share.

/**
 * `--key K` as `--key=K`: a capsule key is base64url, so one in 64 starts with `-`, which parseArgs
 * would take for an option ("argument is ambiguous"). What follows --key is always its value.
 */
export function keyValuesJoined(args: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '--key' && i + 1 < args.length && args[i + 1] !== '--') out.push(`--key=${args[++i]}`);
    else out.push(args[i]!);
  }
  return out;
}

/** The option's number, its default when absent, or the usage error's text. */
export function positiveNumber(text: string | undefined, fallback: number, option: string, unit: string): number | string {
  if (text === undefined) return fallback;
  const n = Number(text);
  return Number.isFinite(n) && n > 0 ? n : `${option} takes a number of ${unit}, got '${text}'`;
}

/** parseArgs' error as a usage message; Node's text for an unknown option goes on about positionals, so name the option and stop. */
export function parseArgsProblem(e: unknown): string {
  const text = e instanceof Error ? e.message : String(e);
  const unknown = /^Unknown option '([^']+)'/.exec(text);
  return unknown ? `unknown option '${unknown[1]}'` : text;
}
