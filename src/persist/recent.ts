// The recent-incidents list as plain data: which traces this browser keeps,
// newest first, within a byte budget. No IndexedDB here, so it is tested in
// Node; sessionStore.ts applies what this decides.
import type { SourceFile } from '../stores/sourceStore';
import { fnv1a } from '../core/trace/identity';

export interface RecentEntry {
  /** traceIdentity of a single trace, or collectionKey of a JSONL file */
  readonly key: string;
  readonly fileName: string;
  /** the open trace's flow (for a collection: the picked line's), for the list */
  readonly flowName: string | undefined;
  readonly outcome: 'Failure' | 'unknown';
  readonly steps: number;
  /** how many traces a JSONL collection holds; absent for a single trace */
  readonly traces?: number;
  /** which line of a collection was picked (index into its traces) */
  readonly pick?: number;
  /** when it was last opened (ms since epoch) */
  readonly openedAt: number;
  /** size of the original file */
  readonly bytes: number;
  /** whether its bytes are stored; when not, why */
  readonly kept: boolean;
  readonly notKept?: 'too-big' | 'no-room';
  readonly sources: readonly SourceFile[];
  /** the selected step (index into model.steps) */
  readonly selected: number;
  /** every traceIdentity opened from this file, whose edits go when it is forgotten */
  readonly traceIds: readonly string[];
}

export interface Limits {
  readonly count: number;
  /** bytes kept over all entries (trace bytes plus source text) */
  readonly totalBytes: number;
  /** a single file larger than this is listed but not kept */
  readonly traceBytes: number;
}

export const LIMITS: Limits = { count: 8, totalBytes: 50e6, traceBytes: 20e6 };

/** What an entry costs in storage: only kept bytes count; sources are small but not free. */
export function storedBytes(entry: RecentEntry): number {
  const sources = entry.sources.reduce((n, f) => n + f.text.length * 2, 0);
  return (entry.kept ? entry.bytes : 0) + sources;
}

/** Whether a file of this size may be kept at all. */
export const fitsLimit = (bytes: number, limits: Limits = LIMITS) => bytes <= limits.traceBytes;

/**
 * Puts `entry` at its place (replacing one with the same key), newest first,
 * then drops the oldest beyond the count or the byte budget. The newest one
 * always stays, even alone over budget: it is what is on screen.
 */
export function admit(list: readonly RecentEntry[], entry: RecentEntry, limits: Limits = LIMITS): { list: RecentEntry[]; evicted: string[] } {
  const merged = [entry, ...list.filter((e) => e.key !== entry.key)].sort((a, b) => b.openedAt - a.openedAt);
  const kept: RecentEntry[] = [];
  const evicted: string[] = [];
  let total = 0;
  for (const e of merged) {
    const cost = storedBytes(e);
    const fits = kept.length < limits.count && (kept.length === 0 || total + cost <= limits.totalBytes);
    if (fits) {
      kept.push(e);
      total += cost;
    } else evicted.push(e.key);
  }
  return { list: kept, evicted };
}

/** Changes an entry in place in the order; absent keys change nothing. */
export function update(list: readonly RecentEntry[], key: string, patch: Partial<Omit<RecentEntry, 'key'>>): RecentEntry[] {
  return list.map((e) => (e.key === key ? { ...e, ...patch } : e));
}

/** A JSONL file is known by the traces it holds, not its name, like a single trace is. */
export const collectionKey = (traceIds: readonly string[]) => `jsonl-${traceIds.length}-${fnv1a(traceIds.join('\u0000'))}`;

/** "just now", "5 min ago", "3 h ago", "yesterday", "4 days ago", then the date. */
export function relativeTime(then: number, now: number): string {
  const s = Math.max(0, Math.round((now - then) / 1000));
  if (s < 45) return 'just now';
  const min = Math.round(s / 60);
  if (min < 60) return `${min} min ago`;
  const h = Math.round(min / 60);
  if (h < 24) return `${h} h ago`;
  const days = Math.round(h / 24);
  if (days === 1) return 'yesterday';
  if (days < 30) return `${days} days ago`;
  return new Date(then).toISOString().slice(0, 10);
}

export function formatBytes(bytes: number): string {
  if (bytes < 1e3) return `${bytes} B`;
  if (bytes < 1e6) return `${(bytes / 1e3).toFixed(0)} kB`;
  return `${(bytes / 1e6).toFixed(1)} MB`;
}
