// The hits of one replay, as the tracer sees them: each read is run, copied at once (a later
// change to the object must not change what the line saw), and attributed to a step.
import type { CopyResult } from '../effect/copy';
import { describeThrown } from '../values/describeThrown';
import type { LogHit } from './types';

/** Hits kept per replay; past it they are only counted (a logpoint in a 100,000-step loop). */
export const MAX_HITS = 50_000;
/** Characters of JSON the copies of hit values may take in all; past it a hit keeps only a note. */
export const LOG_BUDGET_CHARS = 32 * 1024 * 1024;

/**
 * A hit as the collector keeps it: the report's LogHit itself, every field set from the start (one
 * shape for up to 50,000 of them), its step filled in when the replay ends (finishHits).
 */
export class RawHit {
  step: number | undefined = undefined;
  constructor(
    readonly id: string,
    readonly seq: number,
    /** the path of the step it belongs to (a Parallel's under its sequence path until finishHits), set late for a hit before any step */
    public path: string | undefined,
    readonly hasValue: boolean,
    readonly value: unknown,
    /** how the value reads where JSON cannot hold it (NaN, -0, 10n, a function) */
    readonly text: string | undefined,
    readonly error: string | undefined
  ) {}
}

/** The hits' `how` (place.ts): what the second argument is. */
const VALUE = 0;
const THROWN = 1;
const READ = 2;

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
    /** the logpoints' ids, by the index each placed read passes */
    private readonly ids: readonly string[]
  ) {
    this.counts = new Array<number>(ids.length).fill(0);
  }

  /**
   * A logpoint's line ran: `x` is the value its expression read, what reading it threw, or a
   * function that reads it (`how`). All three come from flow code's scope: checked, never trusted,
   * and nothing here throws back into the flow.
   */
  hit(index: unknown, x: unknown, how: unknown, path: string | undefined): void {
    if (typeof index !== 'number' || !Number.isInteger(index) || index < 0 || index >= this.counts.length) return;
    if (how !== VALUE && how !== THROWN && !(how === READ && typeof x === 'function')) return;
    this.counts[index]! += 1;
    const seq = this.seq++;
    if (this.hits.length >= MAX_HITS) {
      this.dropped += 1;
      return;
    }
    let hit: RawHit;
    if (how === READ) {
      try {
        hit = this.valueHit(index, seq, path, (x as () => unknown)());
      } catch (e) {
        hit = this.thrown(index, seq, path, e);
      }
    } else hit = how === THROWN ? this.thrown(index, seq, path, x) : this.valueHit(index, seq, path, x);
    this.hits.push(hit);
    if (path === undefined) this.waiting.push(hit);
  }

  private valueHit(index: number, seq: number, path: string | undefined, v: unknown): RawHit {
    // A logpoint on a loop's line reads a number or a string at every step: JSON gives those back
    // as they are, so they are kept as read, their JSON length counted as the copy would.
    if (typeof v === 'string') {
      this.spent += v.length + 2;
      return this.made(index, seq, path, true, v, undefined, undefined);
    }
    if ((typeof v === 'number' && Number.isFinite(v) && !Object.is(v, -0)) || typeof v === 'boolean' || v === null) {
      this.spent += 5;
      return this.made(index, seq, path, true, v, undefined, undefined);
    }
    const text = unheld(v);
    if (text !== undefined) return this.made(index, seq, path, true, null, text, undefined);
    if (this.spent >= LOG_BUDGET_CHARS) return this.made(index, seq, path, false, undefined, undefined, 'not kept: the hits of this replay already hold 32 MB of values');
    const c = this.copy(v);
    if (!c.ok) return this.made(index, seq, path, false, undefined, undefined, `cannot be copied (${describe(c.error)})`);
    this.spent += c.chars ?? 0;
    return this.made(index, seq, path, true, c.value, undefined, undefined);
  }

  private made(index: number, seq: number, path: string | undefined, hasValue: boolean, value: unknown, text: string | undefined, error: string | undefined): RawHit {
    return new RawHit(this.ids[index]!, seq, path, hasValue, value, text, error);
  }

  thrown(index: number, seq: number, path: string | undefined, e: unknown): RawHit {
    return this.made(index, seq, path, false, undefined, undefined, describe(e));
  }

  /** A step began at `path`: the hits waiting for one are its (the code that built it). */
  stepBegan(path: string): void {
    if (this.waiting.length === 0) return;
    for (const h of this.waiting) h.path = path;
    this.waiting = [];
  }
}

function describe(e: unknown): string {
  const { name, message } = describeThrown(e);
  return `${name}: ${message}`;
}

/**
 * A value JSON would lose or change, as it reads: a NaN total is the kind of thing a logpoint is
 * for, and JSON would show it as null. Undefined when JSON holds the value as it is.
 */
function unheld(v: unknown): string | undefined {
  switch (typeof v) {
    case 'undefined':
      return 'undefined';
    case 'number':
      return Number.isFinite(v) && !Object.is(v, -0) ? undefined : Object.is(v, -0) ? '-0' : String(v);
    case 'bigint':
      return `${String(v)}n`;
    case 'symbol':
      return v.toString();
    case 'function':
      return `function ${(v as { name?: unknown }).name ? String((v as { name?: unknown }).name) : '(anonymous)'}`;
    default:
      return undefined;
  }
}

/**
 * The report's hits: each given its step's place in the report's list and the path that step is
 * reported under (a Parallel's decision is `3p`), in place, with no copy of 50,000 hits.
 */
export function finishHits(raw: RawHit[], stepAt: (path: string) => { index: number; path: string } | undefined): LogHit[] {
  // Hits come in runs on one step (a loop's lines): its place is looked up once per run.
  let lastPath: string | undefined;
  let lastStep: ReturnType<typeof stepAt>;
  for (const h of raw) {
    if (h.path !== lastPath) {
      lastPath = h.path;
      lastStep = h.path === undefined ? undefined : stepAt(h.path);
    }
    h.step = lastStep?.index;
    h.path = lastStep?.path;
  }
  return raw as LogHit[];
}
