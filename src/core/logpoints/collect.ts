// The hits of one replay, as the tracer sees them: each read is run, copied at once (a later
// change to the object must not change what the line saw), and attributed to a step.
import type { CopyResult } from '../effect/copy';
import { describeThrown } from '../values/describeThrown';
import type { LogHit } from './types';

/** Hits kept per replay; past it they are only counted (a logpoint in a 100,000-step loop). */
export const MAX_HITS = 50_000;
/** Characters of JSON the copies of hit values may take in all; past it a hit keeps only a note. */
export const LOG_BUDGET_CHARS = 32 * 1024 * 1024;

/** The hits' `how` (place.ts): what the second argument is. */
const VALUE = 0;
const THROWN = 1;
const READ = 2;

/**
 * A hit whose value is not the read itself: a value JSON cannot hold (its text), a throw, a copy
 * that failed. Kept in place of the value; a copy is plain data, so it is never one of these.
 */
class Odd {
  constructor(
    readonly hasValue: boolean,
    readonly value: unknown,
    readonly text: string | undefined,
    readonly error: string | undefined
  ) {}
}

/**
 * The hits of a replay, kept as columns while it runs: which logpoint, the path of its step, what
 * it read. A loop's logpoints hit at every step, and an object per hit, kept to the end, made each
 * of the replay's many young collections copy them all again (a 10,000-step replay with three
 * logpoints ran ~1.3× as long as without; as columns the kept data is the reads themselves).
 * A kept hit's `seq` is its place: hits are dropped only once MAX_HITS are kept.
 */
export class LogCollector {
  readonly counts: number[];
  dropped = 0;
  private readonly which: number[] = [];
  private readonly paths: (string | undefined)[] = [];
  private readonly reads: unknown[] = [];
  private spent = 0;
  /** hits made before any step began (by place): they belong to the step being built, the next to start */
  private waiting: number[] = [];

  constructor(
    private readonly copy: (v: unknown) => CopyResult,
    /** the logpoints' ids, by the index each placed read passes */
    private readonly ids: readonly string[]
  ) {
    this.counts = new Array<number>(ids.length).fill(0);
  }

  /** hits kept so far */
  get kept(): number {
    return this.which.length;
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
    if (this.which.length >= MAX_HITS) {
      this.dropped += 1;
      return;
    }
    let read: unknown;
    if (how === READ) {
      try {
        read = this.valueOf((x as () => unknown)());
      } catch (e) {
        read = thrown(e);
      }
    } else read = how === THROWN ? thrown(x) : this.valueOf(x);
    if (path === undefined) this.waiting.push(this.which.length);
    this.which.push(index);
    this.paths.push(path);
    this.reads.push(read);
  }

  /** What a hit keeps of the value it read: the value or its copy, else an Odd saying why not. */
  private valueOf(v: unknown): unknown {
    // A logpoint on a loop's line reads a number or a string at every step: JSON gives those back
    // as they are, so they are kept as read, their JSON length counted as the copy would.
    if (typeof v === 'string') {
      this.spent += v.length + 2;
      return v;
    }
    if ((typeof v === 'number' && Number.isFinite(v) && !Object.is(v, -0)) || typeof v === 'boolean' || v === null) {
      this.spent += 5;
      return v;
    }
    const text = unheld(v);
    if (text !== undefined) return new Odd(true, null, text, undefined);
    if (this.spent >= LOG_BUDGET_CHARS) return new Odd(false, undefined, undefined, 'not kept: the hits of this replay already hold 32 MB of values');
    const c = this.copy(v);
    if (!c.ok) return new Odd(false, undefined, undefined, `cannot be copied (${describe(c.error)})`);
    this.spent += c.chars ?? 0;
    return c.value;
  }

  /** A step began at `path`: the hits waiting for one are its (the code that built it). */
  stepBegan(path: string): void {
    if (this.waiting.length === 0) return;
    for (const at of this.waiting) this.paths[at] = path;
    this.waiting = [];
  }

  /**
   * The report's hits, each given its step's place in the report's list and the path that step is
   * reported under (a Parallel's decision is `3p`).
   */
  finish(stepAt: (path: string) => { index: number; path: string } | undefined): LogHit[] {
    const hits = new Array<LogHit>(this.which.length);
    // Hits come in runs on one step (a loop's lines): its place is looked up once per run.
    let lastPath: string | undefined;
    let lastStep: ReturnType<typeof stepAt>;
    for (let seq = 0; seq < hits.length; seq++) {
      const path = this.paths[seq];
      if (seq === 0 || path !== lastPath) {
        lastPath = path;
        lastStep = path === undefined ? undefined : stepAt(path);
      }
      const read = this.reads[seq];
      const id = this.ids[this.which[seq]!]!;
      // A value read as it is takes six fields; a text or an error only where there is one.
      hits[seq] =
        read instanceof Odd
          ? { id, seq, step: lastStep?.index, path: lastStep?.path, hasValue: read.hasValue, value: read.value as LogHit['value'], ...(read.text !== undefined ? { text: read.text } : {}), ...(read.error !== undefined ? { error: read.error } : {}) }
          : { id, seq, step: lastStep?.index, path: lastStep?.path, hasValue: true, value: read as LogHit['value'] };
    }
    return hits;
  }
}

function thrown(e: unknown): Odd {
  return new Odd(false, undefined, undefined, describe(e));
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
