// What `replay-all` prints: a JSON line per trace (--json), or a table of counts per verdict and the
// rows that do not pass. Every value from a trace is on one line (BatchRow.detail is made so, and
// command names are flattened here), so a hostile trace cannot forge rows or move the cursor.
import { countVerdicts } from '../core/batch/counts';
import { BATCH_VERDICTS, isPassing, oneLine, type BatchRow } from '../core/batch/row';

export interface BatchResult {
  readonly source: string;
  readonly line: number;
  readonly row: BatchRow;
  /** the baseline's own row, with --baseline */
  readonly before?: BatchRow;
  readonly ms?: number;
}

/** {"source","line","verdict","path","unreached"} first, as documented; more fields after. */
export function jsonLine(r: BatchResult, file: (name: string) => string = (n) => n): string {
  const { row } = r;
  const ambient = row.ambient?.map((p) => (p.file !== undefined ? { ...p, file: file(p.file) } : p));
  return `${JSON.stringify({
    source: r.source,
    line: r.line,
    verdict: row.verdict,
    path: row.path ?? null,
    unreached: row.unreached,
    stepIndex: row.stepIndex ?? null,
    detail: row.detail,
    outcomeUnproven: row.outcomeUnproven,
    ...(r.before ? { before: r.before.verdict } : {}),
    // only where pure code read the clock or randomness, so other rows are as they were
    ...(ambient ? { ambient } : {})
  })}\n`;
}

/** At most this many failing rows in the table; --json has them all. */
const MAX_ROWS = 200;

export function tableText(results: readonly BatchResult[], what: { flow: string; seconds: number; jobs: number; shard?: string; fixed?: string }): string {
  const counts = countVerdicts(results.map((r) => r.row));
  const width = Math.max(...BATCH_VERDICTS.map((v) => v.length));
  const shard = what.shard ? `, shard ${what.shard}` : '';
  const fixed = what.fixed ? `, ${what.fixed}` : '';
  const out = [`Replayed ${results.length} trace${results.length === 1 ? '' : 's'} against ${what.flow} in ${what.seconds.toFixed(2)} s (${what.jobs} worker${what.jobs === 1 ? '' : 's'}${shard}${fixed})`, ''];
  for (const v of BATCH_VERDICTS) out.push(`  ${v.padEnd(width)}  ${String(counts[v]).padStart(6)}`);
  const unproven = results.filter((r) => r.row.verdict === 'reproduced' && r.row.outcomeUnproven).length;
  if (unproven > 0) out.push('', `  ${unproven} reproduced trace${unproven === 1 ? '' : 's'} prove${unproven === 1 ? 's' : ''} no outcome of production's: give the original flow with --baseline to compare.`);
  const failing = results.filter((r) => !isPassing(r.row.verdict));
  if (failing.length > 0) {
    out.push('', `Not passing (${failing.length}):`);
    for (const r of failing.slice(0, MAX_ROWS)) out.push(`  ${rowText(r)}`);
    if (failing.length > MAX_ROWS) out.push(`  … and ${failing.length - MAX_ROWS} more (--json lists every trace)`);
  }
  return `${out.join('\n')}\n`;
}

function rowText(r: BatchResult): string {
  const { row } = r;
  const verdict = r.before ? `${r.before.verdict} -> ${row.verdict}` : row.verdict;
  const at = row.path !== undefined ? ` at ${oneLine(row.path, 80)}` : '';
  const unreached = row.unreached.length > 0 ? `; unreached: ${oneLine(namesText(row.unreached), 160)}` : '';
  return `${r.source}:${r.line}  ${verdict}${at}  ${row.detail}${unreached}`;
}

function namesText(names: readonly string[]): string {
  const shown = names.slice(0, 5).join(', ');
  return names.length > 5 ? `${shown} and ${names.length - 5} more` : shown;
}
