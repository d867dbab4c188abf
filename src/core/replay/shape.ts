// The trace's shape (spec §6.4 steps 2 and 3): what kind of node sat at each
// position of each recorded path, and which decisions cut which branches.

import type { Entry } from './source';
import { isDecisionEntry } from './source';

export type Kind = 'Command' | 'Retry' | 'Parallel';

export interface Position {
  /** the path up to and including this segment's leading step number */
  readonly at: string;
  readonly kind: Kind;
}

const SEGMENT = /^(\d+)(r\d+|rf|p\d+)$/;
const LEAF = /^(\d+)(p?)$/;

/** The positions of a path in the recorder's format, or undefined for any other string. */
export function positionsOf(path: string): Position[] | undefined {
  const segs = path.split('/');
  const out: Position[] = [];
  let prefix = '';
  for (let i = 0; i < segs.length; i += 1) {
    const seg = segs[i] ?? '';
    const last = i === segs.length - 1;
    const m = (last ? LEAF : SEGMENT).exec(seg);
    if (!m) return undefined;
    const num = m[1] ?? '';
    const tail = m[2] ?? '';
    const kind: Kind = last ? (tail === 'p' ? 'Parallel' : 'Command') : tail.startsWith('r') ? 'Retry' : 'Parallel';
    out.push({ at: prefix + num, kind });
    prefix += `${seg}/`;
  }
  return out;
}

interface Recorded {
  readonly kind: Kind;
  /** for a Command position: the command recorded there */
  readonly command?: string;
  /** for a Retry or Parallel: the first non-decision entry inside, in trace order */
  inside?: { readonly command: string; readonly path: string };
}

export interface ShapeDivergence {
  readonly at: string;
  readonly flowKind: Kind;
  readonly traceKind: Kind;
  readonly traceCommand?: string;
  readonly inside?: { readonly command: string; readonly path: string };
}

interface CancelledDecision {
  readonly path: string;
  readonly branch: unknown;
}

export class TraceShape {
  private readonly kinds = new Map<string, Recorded>();
  private readonly cancelled: CancelledDecision[] = [];

  constructor(entries: readonly Entry[]) {
    for (const e of entries) {
      if (typeof e.path !== 'string') continue;
      const decision = isDecisionEntry(e);
      if (decision) {
        const r = e.result as { cancelled?: unknown; branch?: unknown } | null | undefined;
        if (typeof r === 'object' && r !== null && r.cancelled === true) this.cancelled.push({ path: e.path, branch: r.branch });
      }
      const positions = positionsOf(e.path);
      if (!positions) continue;
      positions.forEach((p, i) => {
        const leaf = i === positions.length - 1;
        let rec = this.kinds.get(p.at);
        if (!rec) {
          rec = p.kind === 'Command' ? { kind: p.kind, command: e.command as string } : { kind: p.kind };
          this.kinds.set(p.at, rec);
        }
        // Only an entry strictly inside a Retry or Parallel names it (a decision does not).
        if (!leaf && !decision && !rec.inside && rec.kind !== 'Command') {
          rec.inside = { command: e.command as string, path: e.path as string };
        }
      });
    }
  }

  /** The first position where the flow's path and the trace disagree on the kind of node. */
  diverges(stepPath: string): ShapeDivergence | undefined {
    for (const p of positionsOf(stepPath) ?? []) {
      const rec = this.kinds.get(p.at);
      if (!rec || rec.kind === p.kind) continue;
      return { at: p.at, flowKind: p.kind, traceKind: rec.kind, traceCommand: rec.command, inside: rec.inside };
    }
    return undefined;
  }

  /** True when a recorded cancellation ended the branch this path lies in before the step started. */
  isCut(stepPath: string): boolean {
    return this.cancelled.some(({ path, branch }) => {
      if (!stepPath.startsWith(path)) return false;
      const m = /^(\d+)\//.exec(stepPath.slice(path.length));
      return m !== null && (branch === null || Number(m[1]) !== branch);
    });
  }
}
