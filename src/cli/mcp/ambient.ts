// The MCP tools' side of hidden inputs (core/source/ambient.ts): the `clock` and `seed` an agent
// may pass, as the CLI's --clock and --seed, and a warning in the answer when pure code read
// today's clock or randomness, naming the arguments that fix it (an agent reads the answer, not
// stderr, and types arguments, not flags).
import { z } from 'zod';
import { ambientSummary } from '../../core/batch/ambient';
import type { AmbientPlace } from '../../core/batch/row';
import { clockText, parseClock, parseSeed, type AmbientJson } from '../../core/source/ambientReport';
import { ToolError } from './incidents';

export const clockArg = z
  .union([z.string(), z.number()])
  .optional()
  .describe(
    "a fixed clock for the flow's pure code: every Date.now(), new Date() and performance read outside a Command answers this instant (an ISO time such as 2026-03-01T09:30:00Z, or milliseconds since 1970). Default: the real clock, which production did not read, so a flow that reads it may replay otherwise"
  );

export const seedArg = z
  .number()
  .int()
  .optional()
  .describe("seed Math.random() and crypto's random values in the flow's pure code (a whole number), so two replays draw the same numbers. Default: real randomness");

/** A clock and seed an agent passed, read as the CLI reads them. */
export interface AmbientAsk {
  /** the CLI's flags, joined to their values (a negative number is not read as an option) */
  readonly flags: readonly string[];
  readonly clock?: number;
  readonly seed?: number;
}

/** The clock and seed an agent passed; one the CLI could not read is the tool's error, in the tool's words. */
export function ambientAsk(clock: string | number | undefined, seed: number | undefined): AmbientAsk {
  const ms = clock === undefined ? undefined : parseClock(String(clock));
  if (clock !== undefined && ms === undefined) throw new ToolError(`clock takes an ISO time such as 2026-03-01T09:30:00Z, or milliseconds since 1970, got ${JSON.stringify(clock)}`);
  const seeded = seed === undefined ? undefined : parseSeed(String(seed));
  if (seed !== undefined && seeded === undefined) throw new ToolError(`seed takes a whole number, such as 42, got ${seed}`);
  return {
    flags: [...(ms !== undefined ? [`--clock=${ms}`] : []), ...(seeded !== undefined ? [`--seed=${seeded}`] : [])],
    ...(ms !== undefined ? { clock: ms } : {}),
    ...(seeded !== undefined ? { seed: seeded } : {})
  };
}

const ARG: Readonly<Record<AmbientPlace['kind'], string>> = { clock: 'clock', random: 'seed' };

/** A replay's warning, when pure code read the real clock or randomness; undefined when nothing did or all was fixed. */
export function replayWarning(reads: readonly AmbientJson[] | undefined): string | undefined {
  const today = (reads ?? []).filter((r) => !r.fixed);
  if (today.length === 0) return undefined;
  const args = [...new Set(today.map((r) => ARG[r.kind]))].sort().join(' and ');
  return `${today.map((r) => r.warning).join('; ')}. Pass ${args} to replay with fixed values, so that every replay answers alike.`;
}

/** A corpus replay's reads: the places and how many traces' replays made them, with a sentence for each kind of answer. */
export function corpusAmbient(rows: readonly { ambient?: readonly AmbientPlace[] }[], { clock, seed }: Pick<AmbientAsk, 'clock' | 'seed'>): Record<string, unknown> {
  const read = rows.filter((r) => r.ambient?.length);
  if (read.length === 0) return {};
  const places = new Map<string, AmbientPlace>();
  for (const r of read) for (const p of r.ambient!) places.set(JSON.stringify(p), p);
  const fixedBy = [clock !== undefined ? `clock ${clockText(clock)}` : undefined, seed !== undefined ? `seed ${seed}` : undefined].filter(Boolean).join(' and ');
  const { warning, note } = ambientSummary(rows, { file: (f) => f, fixedBy, fix: { clock: 'the clock argument', random: 'the seed argument' } });
  return { ambient: { traces: read.length, places: [...places.values()] }, ...(warning ? { ambientWarning: warning } : {}), ...(note ? { ambientNote: note } : {}) };
}
