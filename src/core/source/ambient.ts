// Hidden inputs: the clock and randomness that pure flow code reads outside any Command.
//
// A replay answers every Command from the recording, but `Date.now()`, `new Date()`,
// `Math.random()`, `performance.now()` or `crypto.randomUUID()` in pure code answer with today's
// values, not production's, so the replay can take another branch with nothing on screen saying
// why (capture-replay practice: fake the clock, consistently). The sandbox's Date, Math,
// performance and crypto (sandbox/ambient.ts) note each such read here, and a replay reports them
// by line (runFlow.ts); with a fixed clock and seed they answer the same every time, so two replays
// of the same code give the same verdict. By default they read the real clock, as the library's own
// replay does, so narration stays the library's.
import type { CodeLocation } from '../replay/report';

export type AmbientKind = 'clock' | 'random';

/** A fixed clock and seed for a replay; each part left out reads the real one. */
export interface AmbientSettings {
  /** every clock read returns this instant (ms since the epoch); performance.now() is 0 */
  readonly clock?: number;
  /** Math.random() and crypto's random values come from a generator seeded with this */
  readonly seed?: number;
}

/** One place in pure code that read the clock or drew randomness, and how often. */
export interface AmbientRead {
  readonly kind: AmbientKind;
  /** what was called: 'Date.now()', 'new Date()', 'Math.random()', … */
  readonly api: string;
  readonly location?: CodeLocation;
  readonly times: number;
  /** the replay answered it from the fixed clock or seed, not the real one */
  readonly fixed: boolean;
}

interface Collected {
  readonly settings: AmbientSettings;
  /** stacks of the first reads, with what was read (later reads are only counted) */
  readonly reads: { kind: AmbientKind; api: string; stack: string | undefined }[];
  readonly uncounted: Map<string, number>;
  /** the seeded generator of this replay, when there is a seed */
  readonly rng?: () => number;
}

/** mulberry32: small, fast and well spread; the same seed gives the same numbers everywhere. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Stacks kept per replay; a flow that reads the clock at each of 20,000 steps is counted past these. */
const MAX_STACKS = 200;
let current: Collected | undefined;

/** Start noting reads (and answering from `settings`) until stop(), which hands back what was noted. */
export function collectAmbient(settings: AmbientSettings = {}): { stop(): Collected } {
  const mine: Collected = { settings, reads: [], uncounted: new Map(), ...(settings.seed !== undefined ? { rng: seeded(settings.seed) } : {}) };
  current = mine;
  return {
    stop() {
      if (current === mine) current = undefined;
      return mine;
    }
  };
}

/** The fixed clock and seed of the replay running now, if any. */
export function ambientSettings(): AmbientSettings {
  return current?.settings ?? {};
}

/** The next number of this replay's seeded generator, or undefined when randomness is real. */
export function seededRandom(): number | undefined {
  return current?.rng?.();
}

/** Called by the sandbox's Date, Math, performance and crypto at each read by flow code. */
export function noteAmbient(kind: AmbientKind, api: string): void {
  const c = current;
  if (!c) return;
  if (c.reads.length < MAX_STACKS) c.reads.push({ kind, api, stack: new Error().stack });
  else c.uncounted.set(`${kind}\u0000${api}`, (c.uncounted.get(`${kind}\u0000${api}`) ?? 0) + 1);
}

/** The reads by place: `locate` finds the flow's line in a stack. */
export function summarizeAmbient(c: Collected, locate: (stack: string) => CodeLocation | undefined): AmbientRead[] {
  const out = new Map<string, { kind: AmbientKind; api: string; location?: CodeLocation; times: number; fixed: boolean }>();
  const fixedFor = (kind: AmbientKind) => (kind === 'clock' ? c.settings.clock !== undefined : c.settings.seed !== undefined);
  for (const r of c.reads) {
    const location = r.stack ? locate(r.stack) : undefined;
    const key = `${r.kind}\u0000${r.api}\u0000${location ? `${location.file}:${location.line}:${location.column}` : ''}`;
    const seen = out.get(key);
    if (seen) seen.times += 1;
    else out.set(key, { kind: r.kind, api: r.api, ...(location ? { location } : {}), times: 1, fixed: fixedFor(r.kind) });
  }
  // Reads past the kept stacks count toward the first place that read the same way.
  for (const [key, n] of c.uncounted) {
    const [kind, api] = key.split('\u0000') as [AmbientKind, string];
    const first = [...out.values()].find((r) => r.kind === kind && r.api === api);
    if (first) first.times += n;
    else out.set(key, { kind, api, times: n, fixed: fixedFor(kind) });
  }
  return [...out.values()];
}

/** How a surface names what it speaks of: its files, and what answered a fixed read. */
export interface AmbientWords {
  /** a loaded file's name as the person knows it (the path given on a command line) */
  readonly file?: (name: string) => string;
  /** what answered a fixed clock read: "--clock 2026-01-01T00:00:00.000Z" in a terminal; "the fixed clock" by default */
  readonly clock?: string;
  /** what answered a seeded draw: "--seed 7"; "the seeded generator" by default */
  readonly seed?: string;
}

/** One read in words, for a terminal or a banner: "flow.ts:31 read the clock in pure code (Date.now()); …". */
export function ambientSentence(read: AmbientRead, words: AmbientWords = {}): string {
  const file = words.file ?? ((n: string) => n);
  const where = read.location ? `${file(read.location.file)}:${read.location.line}` : 'The flow';
  const times = read.times > 1 ? `, ${read.times} times` : '';
  if (read.kind === 'clock') {
    return read.fixed
      ? `${where} read the clock in pure code (${read.api}${times}); answered from ${words.clock ?? 'the fixed clock'}, not production's time`
      : `${where} read the clock in pure code (${read.api}${times}); production read another time, so this replay may differ`;
  }
  return read.fixed
    ? `${where} drew randomness in pure code (${read.api}${times}); answered from ${words.seed ?? 'the seeded generator'}, not production's values`
    : `${where} drew randomness in pure code (${read.api}${times}); production drew other values, so this replay may differ`;
}
