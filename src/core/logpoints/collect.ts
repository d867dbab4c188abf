// The hits of one replay, as the tracer sees them: each read is run, copied at once (a later
// change to the object must not change what the line saw), and attributed to a step.
import type { CopyResult } from '../effect/copy';
import { describeThrown } from '../values/describeThrown';
import type { LogHit } from './types';

/** Hits kept per replay; past it they are only counted (a logpoint in a 100,000-step loop). */
export const MAX_HITS = 50_000;
/** Characters of JSON the copies of hit values may take in all; past it a hit keeps only a note. */
export const LOG_BUDGET_CHARS = 32 * 1024 * 1024;

export interface RawHit {
  readonly index: number;
  readonly seq: number;
  /** the path of the step it belongs to (a Parallel's under its sequence path), set late for a hit before any step */
  path: string | undefined;
  readonly value?: unknown;
  readonly hasValue: boolean;
  readonly error?: string;
}

export class LogCollector {
  readonly hits: RawHit[] = [];
  readonly counts: number[];
  dropped = 0;
  private spent = 0;
  private seq = 0;
  /** hits made before any step began: they belong to the step being built, the next to start */
  private waiting: RawHit[] = [];

  constructor(
    private readonly copy: (v: unknown) => CopyResult,
    count: number
  ) {
    this.counts = new Array<number>(count).fill(0);
  }

  /** A logpoint's line ran. `index` and `read` come from flow code's scope: checked, never trusted. */
  hit(index: unknown, read: unknown, path: string | undefined): void {
    if (typeof index !== 'number' || !Number.isInteger(index) || index < 0 || index >= this.counts.length || typeof read !== 'function') return;
    this.counts[index]! += 1;
    const seq = this.seq++;
    if (this.hits.length >= MAX_HITS) {
      this.dropped += 1;
      return;
    }
    let hit: RawHit;
    try {
      const v: unknown = (read as () => unknown)();
      hit = this.valueHit(index, seq, path, v);
    } catch (e) {
      const { name, message } = describeThrown(e);
      hit = { index, seq, path, hasValue: false, error: `${name}: ${message}` };
    }
    this.hits.push(hit);
    if (path === undefined) this.waiting.push(hit);
  }

  private valueHit(index: number, seq: number, path: string | undefined, v: unknown): RawHit {
    if (v === undefined) return { index, seq, path, hasValue: true, value: undefined };
    if (this.spent >= LOG_BUDGET_CHARS) return { index, seq, path, hasValue: false, error: 'not kept: the hits of this replay already hold 32 MB of values' };
    // A logpoint on a loop's line reads a number or a string at every step: those the JSON copy
    // gives back unchanged are kept as they are, with the characters the copy would have counted
    // (JSON writes a finite number as String does). NaN, ±Infinity and -0 take the copy's way.
    if (typeof v === 'string') {
      this.spent += JSON.stringify(v).length;
      return { index, seq, path, hasValue: true, value: v };
    }
    if ((typeof v === 'number' && Number.isFinite(v) && !Object.is(v, -0)) || typeof v === 'boolean' || v === null) {
      this.spent += String(v).length;
      return { index, seq, path, hasValue: true, value: v };
    }
    const c = this.copy(v);
    if (!c.ok) {
      const { name, message } = describeThrown(c.error);
      return { index, seq, path, hasValue: false, error: `cannot be copied (${name}: ${message})` };
    }
    this.spent += c.chars ?? 0;
    return { index, seq, path, hasValue: true, value: c.value };
  }

  /** A step began at `path`: the hits waiting for one are its (the code that built it). */
  stepBegan(path: string): void {
    if (this.waiting.length === 0) return;
    for (const h of this.waiting) h.path = path;
    this.waiting = [];
  }
}

/** The report's hits: ids for indices, and each step's place in the report's list. */
export function finishHits(raw: readonly RawHit[], ids: readonly string[], stepAt: (path: string) => { index: number; path: string } | undefined): LogHit[] {
  // Built directly, keys in the order they had: up to 50,000 hits, and each spread made a garbage object.
  // Hits come in runs on one step (a loop's lines): its place is looked up once per run.
  let lastPath: string | undefined;
  let lastStep: ReturnType<typeof stepAt>;
  return raw.map((h) => {
    if (h.path !== lastPath) {
      lastPath = h.path;
      lastStep = h.path === undefined ? undefined : stepAt(h.path);
    }
    const step = lastStep;
    const out: { -readonly [K in keyof LogHit]: LogHit[K] } = step
      ? { id: ids[h.index]!, seq: h.seq, step: step.index, path: step.path, hasValue: h.hasValue }
      : { id: ids[h.index]!, seq: h.seq, hasValue: h.hasValue };
    if (h.hasValue) out.value = h.value as LogHit['value'];
    if (h.error !== undefined) out.error = h.error;
    return out;
  });
}
