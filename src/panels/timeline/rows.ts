// The timeline's rows: recorded steps in recorded (completion) order, with
// Retry groups given a header row and folded groups hidden. Built from the
// step columns in one pass (a few milliseconds at 100,000 steps, and no
// object per row): each lane (sequence prefix) is read once for the groups it
// sits in, and each step then only looks up its lane's.
import type { Lane } from '../../core/trace/model';
import type { StepColumns } from '../../core/trace/columns';

export type TimelineRow =
  | { readonly kind: 'step'; readonly stepIndex: number; readonly depth: number }
  | {
      readonly kind: 'retry';
      /** the Retry's position, e.g. '1'; also its fold key */
      readonly path: string;
      readonly depth: number;
      readonly attempts: number;
      readonly fallback: boolean;
    };

export type RetryHeader = Extract<TimelineRow, { kind: 'retry' }>;

export interface TimelineRows {
  readonly length: number;
  /** row r is step order[r] when order[r] >= 0, else Retry header headers[-1 - order[r]] */
  readonly order: Int32Array;
  readonly headers: readonly RetryHeader[];
  /** the row of each step, -1 when it is folded away */
  readonly rowOfStep: Int32Array;
  readonly depthOfStep: Uint16Array;
}

/** The fold key of a lane: the Retry's or the Parallel decision's path. */
export const laneGroup = (lane: Lane): string => (lane.kind === 'branch' ? lane.parallelPath : lane.retryPath);

export function rowAt(rows: TimelineRows, r: number): TimelineRow | undefined {
  const at = rows.order[r];
  if (at === undefined) return undefined;
  return at >= 0 ? { kind: 'step', stepIndex: at, depth: rows.depthOfStep[at]! } : rows.headers[-1 - at];
}

/** Every row, as objects: for tests and small traces. */
export const rowList = (rows: TimelineRows): TimelineRow[] => Array.from({ length: rows.length }, (_, r) => rowAt(rows, r)!);

const SLASH = 47;
const LETTER_P = 112;
const LETTER_R = 114;
const LETTER_F = 102;

/** The Retry groups the lanes sit in, each made once: its path, and the attempts and fallback its steps show. */
class Retries {
  readonly paths: string[] = [];
  readonly attempts: Set<number>[] = [];
  readonly fallback: boolean[] = [];
  private readonly ids = new Map<string, number>();

  id(path: string): number {
    let g = this.ids.get(path);
    if (g === undefined) {
      g = this.paths.length;
      this.paths.push(path);
      this.attempts.push(new Set());
      this.fallback.push(false);
      this.ids.set(path, g);
    }
    return g;
  }
}

/** What one lane (sequence prefix) needs for its steps' rows. */
interface LaneRows {
  /** its Retry groups, outermost first: [group, depth, group, depth, …] */
  readonly retries: readonly number[];
  /** the depth of the outermost folded group it sits in; Infinity when none */
  readonly foldedAt: number;
}

const PLAIN: LaneRows = { retries: [], foldedAt: Infinity };

/**
 * Whether the group `key` (a Parallel's decision path '3p', or a Retry's path
 * '3p1/0') holds the sequence `prefix` ('3p1/0r0/'): the prefix starts with
 * it, at a segment's step number, followed by that segment's letter part.
 */
function holds(prefix: string, key: string): boolean {
  if (!prefix.startsWith(key)) return false;
  const next = prefix.charCodeAt(key.length);
  // A Parallel's key ends in 'p' and is followed by its branch number; a Retry's by 'r'.
  return key.charCodeAt(key.length - 1) === LETTER_P ? next >= 48 && next <= 57 : next === LETTER_R;
}

const depthOf = (key: string) => {
  let d = 0;
  for (let k = 0; k < key.length; k++) if (key.charCodeAt(k) === SLASH) d++;
  return d;
};

/**
 * Each lane's Retry groups and folds, read off its prefix ('3p1/0r0/': the
 * Retry at '3p1/0', depth 1, inside the Parallel at '3p'). A Parallel is only
 * a fold key, so with nothing folded a lane without an 'r' needs no work.
 */
function laneRows(c: StepColumns, retries: Retries, folded: readonly string[]): LaneRows[] {
  const { laneText: text, laneStart } = c;
  const count = laneStart.length - 1;
  const lanes: LaneRows[] = new Array<LaneRows>(count).fill(PLAIN);
  const foldDepths = folded.map(depthOf);
  // With nothing folded only the lanes inside a Retry need reading: found by the 'r's of the joined prefixes.
  const todo: number[] = [];
  if (folded.length > 0) for (let l = 1; l < count; l++) todo.push(l);
  else {
    let l = 0;
    for (let at = text.indexOf('r'); at >= 0 && l < count; at = text.indexOf('r', laneStart[l]!)) {
      while (laneStart[l + 1]! <= at) l++;
      todo.push(l++);
    }
  }
  for (const l of todo) {
    const start = laneStart[l]!;
    const end = laneStart[l + 1]!;
    let hasRetry = false;
    for (let k = start; k < end && !hasRetry; k++) if (text.charCodeAt(k) === LETTER_R) hasRetry = true;
    const prefix = text.slice(start, end);
    const list: number[] = [];
    let depth = 0;
    let segment = 0;
    for (let k = 0; k < prefix.length && hasRetry; k++) {
      if (prefix.charCodeAt(k) !== SLASH) continue;
      // The segment prefix[segment, k): digits, then 'p' b, 'r' a or 'rf'.
      let m = segment;
      while (m < k && prefix.charCodeAt(m) !== LETTER_P && prefix.charCodeAt(m) !== LETTER_R) m++;
      if (prefix.charCodeAt(m) === LETTER_R) {
        const g = retries.id(prefix.slice(0, m));
        if (prefix.charCodeAt(m + 1) === LETTER_F) retries.fallback[g] = true;
        else retries.attempts[g]!.add(Number(prefix.slice(m + 1, k)));
        list.push(g, depth);
      }
      depth++;
      segment = k + 1;
    }
    let foldedAt = Infinity;
    folded.forEach((key, f) => {
      if (foldDepths[f]! < foldedAt && holds(prefix, key)) foldedAt = foldDepths[f]!;
    });
    lanes[l] = list.length === 0 && foldedAt === Infinity ? PLAIN : { retries: list, foldedAt };
  }
  return lanes;
}

/** The rows, with the Retries and Parallels whose fold keys are in `folded` folded. */
export function buildRows(c: StepColumns, folded: ReadonlySet<string>): TimelineRows {
  const retries = new Retries();
  const lanes = laneRows(c, retries, [...folded]);
  const headerOf = new Int32Array(retries.paths.length).fill(-1);
  const headers: RetryHeader[] = [];
  const n = c.count;
  const order = new Int32Array(n + retries.paths.length);
  const rowOfStep = new Int32Array(n).fill(-1);
  let rows = 0;
  for (let i = 0; i < n; i++) {
    const lane = lanes[c.lane[i]!]!;
    const { retries: list, foldedAt } = lane;
    for (let k = 0; k < list.length; k += 2) {
      const g = list[k]!;
      if (headerOf[g] !== -1) continue;
      const depth = list[k + 1]!;
      headerOf[g] = headers.length;
      headers.push({ kind: 'retry', path: retries.paths[g]!, depth, attempts: retries.attempts[g]!.size, fallback: retries.fallback[g]! });
      // A header is shown unless a group outside it is folded; its own fold keeps it.
      if (foldedAt >= depth) order[rows++] = -headers.length;
    }
    if (foldedAt === Infinity) {
      rowOfStep[i] = rows;
      order[rows++] = i;
    }
  }
  return { length: rows, order: order.subarray(0, rows), headers, rowOfStep, depthOfStep: c.depth };
}
