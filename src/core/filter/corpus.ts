// What the filter searches, as columns: each step's Command (an id into the
// lowercase names), its path (one lowercase text of every path), whether it
// threw, and its value text (the lowercase JSON of its result or error).
// Plain data and functions, no DOM: it lives in the engine worker, which
// makes it from the columns it holds (corpusOfColumns) without a string per step.
import { HAS_PATH, textAt, THREW, type StepColumns } from '../trace/columns';

/** The part of a step the filter reads (tests and small traces give steps whole). */
export interface SearchStep {
  readonly command: string;
  readonly path: string | undefined;
  readonly threw: boolean;
  readonly result?: unknown;
  readonly error?: unknown;
}

/** Texts of the steps in one string: step i's is text[start[i], end[i]), none when start[i] < 0. Ranges ascend and never overlap. */
export interface Ranged {
  readonly text: string;
  readonly start: ArrayLike<number>;
  readonly end: ArrayLike<number>;
}

/** Which steps' value texts hold a needle; a generator that pauses while it makes texts, so a newer query can stop it. */
export interface ValueSearch {
  containing(needle: string): Generator<void, Uint8Array, void>;
  /** make texts ahead of need, while idle; returns where it stopped (only for texts made per step) */
  warm?(from: number, to: number): number;
}

export interface SearchCorpus {
  readonly count: number;
  readonly threw: Uint8Array;
  readonly command: Uint32Array;
  /** lowercase */
  readonly names: readonly string[];
  /** lowercase */
  readonly paths: Ranged;
  readonly values: ValueSearch;
}

/** One byte per step: 1 when its text in `r` holds `needle`. Each occurrence is looked for once per step at most. */
export function containingIn(r: Ranged, count: number, needle: string): Uint8Array {
  const out = new Uint8Array(count);
  const len = needle.length;
  let i = 0;
  let from = 0;
  while (i < count) {
    const at = r.text.indexOf(needle, from);
    if (at < 0) break;
    // The first step whose text ends at or past the occurrence's end: the only one that can hold it.
    while (i < count && (r.start[i]! < 0 || r.end[i]! < at + len)) i++;
    if (i >= count) break;
    if (r.start[i]! <= at) {
      out[i] = 1;
      from = r.end[i]!;
      i++;
    } else from = r.start[i]!;
  }
  return out;
}

function jsonText(value: unknown): string {
  if (value === undefined) return '';
  try {
    return JSON.stringify(value)?.toLowerCase() ?? '';
  } catch {
    // A value JSON cannot write (a BigInt, say) is simply not searchable by its text.
    return '';
  }
}

/** Steps searched in this chunk between pauses. */
export const TEXT_CHUNK = 10_000;

/**
 * Value texts made a step at a time, from each step's value (JSON.stringify, lowercased), and
 * kept: for traces the engine holds as models, and files whose values are not written as
 * JSON.stringify writes them (core/filter/fileValues.ts reads those that are, as they are).
 */
export class StepTexts implements ValueSearch {
  readonly texts: (string | undefined)[];

  constructor(
    private readonly count: number,
    private readonly valueOf: (i: number) => unknown
  ) {
    this.texts = new Array<string | undefined>(count);
  }

  text(i: number): string {
    let t = this.texts[i];
    if (t === undefined) this.texts[i] = t = jsonText(this.valueOf(i));
    return t;
  }

  *containing(needle: string): Generator<void, Uint8Array, void> {
    const out = new Uint8Array(this.count);
    for (let from = 0; from < this.count; from += TEXT_CHUNK) {
      const to = Math.min(this.count, from + TEXT_CHUNK);
      for (let i = from; i < to; i++) if (this.text(i).includes(needle)) out[i] = 1;
      if (to < this.count) yield;
    }
    return out;
  }

  warm(from: number, to: number): number {
    const end = Math.min(to, this.count);
    for (let i = from; i < end; i++) this.text(i);
    return end;
  }
}

/** The corpus of steps given whole (tests, small traces). */
export function corpusOfSteps(steps: readonly SearchStep[]): SearchCorpus {
  const names: string[] = [];
  const ids = new Map<string, number>();
  const command = Uint32Array.from(steps, (s) => {
    const name = s.command.toLowerCase();
    let id = ids.get(name);
    if (id === undefined) ids.set(name, (id = names.push(name) - 1));
    return id;
  });
  const start: number[] = [];
  const end: number[] = [];
  let at = 0;
  const paths = steps.map((s) => (s.path ?? '').toLowerCase());
  for (const p of paths) {
    start.push(at);
    end.push((at += p.length));
  }
  return {
    count: steps.length,
    threw: Uint8Array.from(steps, (s) => (s.threw ? 1 : 0)),
    command,
    names,
    paths: { text: paths.join(''), start, end },
    values: new StepTexts(steps.length, (i) => (steps[i]?.threw ? steps[i].error : steps[i]?.result))
  };
}

/** The corpus of a trace the engine holds: its columns, with the value search given. */
export function corpusOfColumns(c: StepColumns, values: ValueSearch): SearchCorpus {
  const threw = new Uint8Array(c.count);
  const start = new Int32Array(c.count);
  const end = new Int32Array(c.count);
  for (let i = 0; i < c.count; i++) {
    threw[i] = (c.flags[i]! & THREW) !== 0 ? 1 : 0;
    // A step without a path searches as '' (never holds a needle), as one with an empty path does.
    start[i] = (c.flags[i]! & HAS_PATH) !== 0 ? c.pathStart[i]! : -1;
    end[i] = c.pathStart[i + 1]!;
  }
  const lower = c.pathText.toLowerCase();
  // Lowercasing keeps each character's length for the characters paths are made of; should a
  // hand-written path hold one that does not (İ), each path is lowercased on its own.
  const text = lower.length === c.pathText.length ? lower : Array.from({ length: c.count }, (_, i) => textAt(c.pathText, c.pathStart, i).toLowerCase());
  const paths: Ranged = typeof text === 'string' ? { text, start, end } : joinRanges(text, c.flags);
  return { count: c.count, threw, command: c.command, names: c.commandNames.map((n) => n.toLowerCase()), paths, values };
}

function joinRanges(texts: readonly string[], flags: Uint8Array): Ranged {
  const start = new Int32Array(texts.length);
  const end = new Int32Array(texts.length);
  let at = 0;
  texts.forEach((t, i) => {
    start[i] = (flags[i]! & HAS_PATH) !== 0 ? at : -1;
    end[i] = at += t.length;
  });
  return { text: texts.join(''), start, end };
}
