// Hidden inputs over a corpus (core/source/ambient.ts): each row keeps the places its replay read
// the clock or drew randomness in pure code, and the whole replay is summed up in a sentence: how
// many traces' replays did, where, and whether today's values or the fixed clock and seed answered.
import type { AmbientRead } from '../source/ambient';
import type { AmbientPlace, BatchRow } from './row';

/** The reads of one trace's replay as its row keeps them (none: undefined, so the row is as before). */
export function ambientPlaces(reads: readonly AmbientRead[] | undefined): AmbientPlace[] | undefined {
  if (!reads?.length) return undefined;
  return reads.map((r) => ({ kind: r.kind, api: r.api, ...(r.location ? { file: r.location.file, line: r.location.line } : {}), fixed: r.fixed }));
}

/** The row with its reads, when its replay made any. */
export function withAmbient(row: BatchRow, reads: readonly AmbientRead[] | undefined): BatchRow {
  const ambient = ambientPlaces(reads);
  return ambient ? { ...row, ambient } : row;
}

/** Places named in a summary before "and n more". */
const NAMED = 5;

export interface AmbientSummaryWords {
  /** a loaded file's name as the person gave it */
  readonly file: (name: string) => string;
  /** what answered fixed reads: "--clock 2026-01-01T00:00:00.000Z and --seed 7" */
  readonly fixedBy: string;
  /** what fixes each kind: "--clock TIME", "--seed N" */
  readonly fix: Readonly<Record<AmbientPlace['kind'], string>>;
}

/**
 * One sentence per kind of answer (today's values, the fixed ones) for the rows whose replays read
 * the clock or randomness; none when no replay did.
 */
export function ambientSummary(rows: readonly Pick<BatchRow, 'ambient'>[], words: AmbientSummaryWords): { warning?: string; note?: string } {
  const part = (fixed: boolean): string | undefined => {
    const places = new Map<string, AmbientPlace>();
    let traces = 0;
    for (const row of rows) {
      const mine = row.ambient?.filter((p) => p.fixed === fixed) ?? [];
      if (mine.length) traces += 1;
      for (const p of mine) places.set(`${p.file ?? ''}:${p.line ?? ''} ${p.api}`, p);
    }
    if (traces === 0) return undefined;
    const all = [...places.values()];
    const kinds = new Set(all.map((p) => p.kind));
    const what = kinds.size === 2 ? 'read the clock and drew randomness' : kinds.has('clock') ? 'read the clock' : 'drew randomness';
    const named = all.slice(0, NAMED).map((p) => (p.file !== undefined ? `${words.file(p.file)}:${p.line} ${p.api}` : p.api));
    const list = `${named.join(', ')}${all.length > NAMED ? ` and ${all.length - NAMED} more` : ''}`;
    const who = `${traces} of ${rows.length} trace${rows.length === 1 ? '' : 's'}' replays ${what} in pure code (${list})`;
    if (fixed) return `${who}; answered from ${words.fixedBy}`;
    const production = kinds.size === 2 ? 'read another time and drew other values' : kinds.has('clock') ? 'read another time' : 'drew other values';
    return `${who}; production ${production}, so ${traces === 1 ? 'that replay' : 'those replays'} may differ; fix ${traces === 1 ? 'it' : 'them'} with ${[...kinds].sort().map((k) => words.fix[k]).join(' and ')}`;
  };
  const warning = part(false);
  const note = part(true);
  return { ...(warning ? { warning } : {}), ...(note ? { note } : {}) };
}
