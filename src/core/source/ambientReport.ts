// A replay's hidden inputs (ambient.ts) as the surfaces outside the sandbox give them: the JSON a
// program reads (`replay --json`, the MCP tools), the words that name a fixed clock and seed, and
// the clock and seed as a person types them (the CLI's flags, the app's settings), read by one rule
// everywhere so that the same text fixes the same instant in a terminal and in the app.
import { ambientSentence, type AmbientKind, type AmbientRead, type AmbientSettings, type AmbientWords } from './ambient';

/** One read for a program: where, what, how often, whether it was fixed, and the sentence a person reads. */
export interface AmbientJson {
  readonly file?: string;
  readonly line?: number;
  readonly column?: number;
  readonly kind: AmbientKind;
  readonly api: string;
  readonly times: number;
  readonly fixed: boolean;
  readonly warning: string;
}

export function ambientJson(reads: readonly AmbientRead[], words: AmbientWords = {}): AmbientJson[] {
  const file = words.file ?? ((n: string) => n);
  return reads.map((r) => ({
    ...(r.location ? { file: file(r.location.file), line: r.location.line, column: r.location.column } : {}),
    kind: r.kind,
    api: r.api,
    times: r.times,
    fixed: r.fixed,
    warning: ambientSentence(r, words)
  }));
}

/** The largest instant a Date holds, either side of 1970. */
const MAX_CLOCK_MS = 8.64e15;

/** A clock as typed: an ISO date (2026-03-01T09:30:00Z) or milliseconds since 1970; undefined when it is neither. */
export function parseClock(text: string): number | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  const ms = /^-?\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : Date.parse(trimmed);
  return Number.isFinite(ms) && Math.abs(ms) <= MAX_CLOCK_MS ? ms : undefined;
}

/** A seed as typed: a whole number, kept as the 32 bits the generator uses; undefined when it is not one. */
export function parseSeed(text: string): number | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  const n = Number(trimmed);
  return Number.isSafeInteger(n) ? n >>> 0 : undefined;
}

/** A fixed clock as people read it: the ISO instant, in UTC. */
export const clockText = (ms: number): string => new Date(ms).toISOString();

/** How a surface names its fixed clock and seed in a sentence, given the instant's and the seed's text. */
export function fixedWords(settings: AmbientSettings | undefined, name: { clock(iso: string): string; seed(seed: number): string }): Pick<AmbientWords, 'clock' | 'seed'> {
  return {
    ...(settings?.clock !== undefined ? { clock: name.clock(clockText(settings.clock)) } : {}),
    ...(settings?.seed !== undefined ? { seed: name.seed(settings.seed) } : {})
  };
}
