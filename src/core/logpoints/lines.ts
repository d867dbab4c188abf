// A logpoint is put on a line of the code in the editor; the reproducing replay runs the code as it
// was recorded. The same line in the recorded code is found by a line diff: a line the edit left
// as it was keeps its logpoint (at its line number there), one the edit changed or added has none.
import { diffArrays } from 'diff';
import type { SourceFile } from '../source/locate';
import type { Logpoint } from './types';

/** 1-based line in `from` -> 1-based line in `to`, for every line the two texts share. */
export function sharedLines(from: string, to: string): Map<number, number> {
  const out = new Map<number, number>();
  if (from === to) {
    const n = from.split('\n').length;
    for (let i = 1; i <= n; i++) out.set(i, i);
    return out;
  }
  let a = 1;
  let b = 1;
  for (const part of diffArrays(from.split('\n'), to.split('\n'))) {
    const n = part.count ?? part.value.length;
    if (part.added) b += n;
    else if (part.removed) a += n;
    else {
      for (let i = 0; i < n; i++) out.set(a + i, b + i);
      a += n;
      b += n;
    }
  }
  return out;
}

/**
 * The logpoints of the code in `from` moved to the same lines of `to`; `dropped` are those whose
 * line the change touched (their file is missing, or the line changed), with `to` unchanged.
 */
export function moveLogpoints(points: readonly Logpoint[], from: readonly SourceFile[], to: readonly SourceFile[]): { moved: Logpoint[]; dropped: Logpoint[] } {
  const moved: Logpoint[] = [];
  const dropped: Logpoint[] = [];
  const maps = new Map<string, Map<number, number> | undefined>();
  for (const p of points) {
    if (!maps.has(p.file)) {
      const a = from.find((f) => f.name === p.file);
      const b = to.find((f) => f.name === p.file);
      maps.set(p.file, a && b ? sharedLines(a.text, b.text) : undefined);
    }
    const line = maps.get(p.file)?.get(p.line);
    if (line === undefined) dropped.push(p);
    else moved.push(line === p.line ? p : { ...p, line });
  }
  return { moved, dropped };
}
