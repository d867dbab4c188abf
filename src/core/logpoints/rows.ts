// The Logs panel's rows: every hit of one replay in time order, with its logpoint and its step, and
// the step filter's query (core/filter/query.ts) applied to them: cmd:, path: and is: read the
// hit's step, as they read a step in the step list; free words also match the logpoint's
// expression and the hit's value, and "a phrase" the value text.
import type { ReplayReport } from '../replay/report';
import { parseQuery, queryProblem, type StepQuery } from '../filter/query';
import { IS_DIVERGED, IS_NOTED, IS_STARRED, IS_UNREACHED } from '../filter/status';
import { hitText, pointLabel, stepLabel, stepOfHit } from './present';
import type { LogHit, LogReport, Logpoint } from './types';

export interface LogRow {
  readonly hit: LogHit;
  /** the logpoint as the replay had it (its placement), or as the store has it */
  readonly point: Pick<Logpoint, 'id' | 'file' | 'line' | 'expr'>;
  readonly label: string;
  readonly value: string;
  readonly isError: boolean;
  /** the recorded step (trace entry) the hit's step answered, when one did: what selecting it selects */
  readonly entry: number | undefined;
  readonly stepName: string | undefined;
  readonly path: string | undefined;
  readonly stepText: string;
}

/**
 * Rows for every kept hit of `logs`, in time order, of the logpoints in `points` as they are now
 * (a removed one's hits, or those of an expression since edited, are not shown). Lines are the
 * person's own: the recorded code's replay may have had the same logpoint on another line.
 */
export function logRows(logs: LogReport | undefined, report: ReplayReport | undefined, points: readonly Logpoint[]): LogRow[] {
  if (!logs) return [];
  const byId = new Map<string, Pick<Logpoint, 'id' | 'file' | 'line' | 'expr'>>();
  for (const p of points) {
    const placed = logs.placements.find((q) => q.id === p.id);
    if (placed && placed.expr.trim() === p.expr.trim()) byId.set(p.id, p);
  }
  return [...logs.hits]
    .sort((a, b) => a.seq - b.seq)
    .flatMap((hit) => {
      const point = byId.get(hit.id);
      if (!point) return [];
      const step = stepOfHit(report, hit);
      return [
        {
          hit,
          point,
          label: pointLabel(point),
          value: hitText(hit),
          isError: hit.error !== undefined,
          entry: step?.entryIndex,
          stepName: step?.name,
          path: step?.path ?? hit.path,
          stepText: stepLabel(step)
        }
      ];
    });
}

/** What a recorded step is, for the query's cmd:/is: terms: its status bits (core/filter/status.ts) and whether it threw. */
export interface StepFacts {
  readonly threw: (entry: number) => boolean;
  readonly status: (entry: number) => number;
}

const STATUS_BIT = { unreached: IS_UNREACHED, diverged: IS_DIVERGED, noted: IS_NOTED, starred: IS_STARRED } as const;

function rowMatches(q: StepQuery, row: LogRow, facts: StepFacts): boolean {
  const name = (row.stepName ?? '').toLowerCase();
  const path = (row.path ?? '').toLowerCase();
  const value = row.value.toLowerCase();
  const expr = `${row.label}`.toLowerCase();
  if (!q.cmd.every((t) => name.includes(t))) return false;
  if (!q.path.every((t) => path.includes(t))) return false;
  for (const s of q.is) {
    if (row.entry === undefined) return false;
    if (s === 'threw' ? !facts.threw(row.entry) : (facts.status(row.entry) & STATUS_BIT[s]) === 0) return false;
  }
  if (!q.phrases.every((t) => value.includes(t))) return false;
  return q.words.every((w) => name.includes(w) || path.includes(w) || value.includes(w) || expr.includes(w));
}

export interface FilteredRows {
  readonly rows: readonly LogRow[];
  /** why the query matches nothing on purpose (an unknown is: word) */
  readonly problem: string | undefined;
}

/** The rows the filter box keeps; an empty box keeps all. */
export function filterRows(rows: readonly LogRow[], text: string, facts: StepFacts): FilteredRows {
  if (!text.trim()) return { rows, problem: undefined };
  const q = parseQuery(text);
  const problem = queryProblem(q);
  if (problem) return { rows: [], problem };
  return { rows: rows.filter((r) => rowMatches(q, r, facts)), problem: undefined };
}
