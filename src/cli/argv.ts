// Pieces of command-line parsing that `replay` (args.ts), `export-test` (exportTestArgs.ts) and
// `replay-all` (replayAllArgs.ts) share.
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { parseClock, parseSeed } from '../core/source/ambientReport';

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

type Options = NonNullable<ParseArgsConfig['options']>;
type Strict<O extends Options> = { args: string[]; options: O; strict: true; allowPositionals: true };

/**
 * parseArgs in strict mode, so an unknown or misspelt option is a usage error (exit 2) instead of
 * being silently ignored; the error comes back as its message rather than thrown.
 */
export function strictParse<O extends Options>(args: readonly string[], options: O): ReturnType<typeof parseArgs<Strict<O>>> | string {
  try {
    return parseArgs<Strict<O>>({ args: [...args], options, strict: true, allowPositionals: true });
  } catch (e) {
    return parseArgsProblem(e);
  }
}

/** The options every command that runs flow code takes: the sandbox's limits, its clock and seed, and help. */
export const LIMIT_OPTIONS = {
  timeout: { type: 'string' },
  'max-memory': { type: 'string' },
  clock: { type: 'string' },
  seed: { type: 'string' },
  help: { type: 'boolean', short: 'h' }
} as const;

/** The help lines for --clock and --seed, the same in every command's usage. */
export const AMBIENT_USAGE = `  --clock TIME          a fixed clock for pure code: every Date.now(), new Date() and
                        performance read answers this instant (an ISO date such as
                        2026-03-01T09:30:00Z, or milliseconds since 1970). Default: the real
                        clock, as the library's own replay reads it
  --seed N              seed Math.random() and crypto's random values (a whole number), so
                        two replays draw the same numbers. Default: real randomness`;

/** What `replay` and `export-test` both read a trace with: its flow export, context, build and capsule key. */
export const TRACE_OPTIONS = {
  export: { type: 'string' },
  context: { type: 'string' },
  build: { type: 'string' },
  edited: { type: 'boolean' },
  key: { type: 'string' }
} as const;

/** The what-ifs `replay` and `replay-all` take: --override PATH=JSON (repeatable) and --override-file. */
export const OVERRIDE_OPTIONS = {
  override: { type: 'string', multiple: true },
  'override-file': { type: 'string' }
} as const;

/** A fixed clock and seed for pure code (core/source/ambient.ts), when either was asked for. */
export interface AmbientArgs {
  readonly clock?: number;
  readonly seed?: number;
}

/** --clock as milliseconds since 1970: an ISO date, or a number; else the usage error's text. */
export function readClock(text: string): number | string {
  return parseClock(text) ?? `--clock takes an ISO date such as 2026-03-01T09:30:00Z, or milliseconds since 1970, got '${text}'`;
}

/** --seed as a 32-bit whole number; else the usage error's text. */
export function readSeed(text: string): number | string {
  return parseSeed(text) ?? `--seed takes a whole number, such as 42, got '${text}'`;
}

/** --timeout, --max-memory, --clock and --seed as the sandbox takes them, or the usage error's text. */
export function readLimits(values: {
  readonly timeout?: string;
  readonly 'max-memory'?: string;
  readonly clock?: string;
  readonly seed?: string;
}): { timeoutMs: number; maxMemoryMb: number; ambient?: AmbientArgs } | string {
  const timeout = positiveNumber(values.timeout, 5, '--timeout', 'seconds, such as 5 or 0.5');
  if (typeof timeout === 'string') return timeout;
  const memory = positiveNumber(values['max-memory'], 1024, '--max-memory', 'megabytes, such as 512');
  if (typeof memory === 'string') return memory;
  if (memory < 16) return '--max-memory must be at least 16 (megabytes)';
  const clock = values.clock === undefined ? undefined : readClock(values.clock);
  if (typeof clock === 'string') return clock;
  const seed = values.seed === undefined ? undefined : readSeed(values.seed);
  if (typeof seed === 'string') return seed;
  const ambient = { ...optional('clock', clock), ...optional('seed', seed) };
  return { timeoutMs: Math.round(timeout * 1000), maxMemoryMb: Math.round(memory), ...(clock !== undefined || seed !== undefined ? { ambient } : {}) };
}

/** `{ [key]: value }` when the value is there, else nothing: for optional fields of the parsed args. */
export const optional = <K extends string, V>(key: K, v: V | undefined) => (v !== undefined ? ({ [key]: v } as { [P in K]: V }) : {});

/** As core/source/transpile's isCodeFile, which is not imported here: it loads sucrase, and --help should not. */
export const isCodeFile = (name: string): boolean => /\.(ts|tsx|mts|cts|js|jsx|mjs|cjs)$/i.test(name);
