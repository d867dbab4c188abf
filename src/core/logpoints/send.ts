// Which logpoints a replay takes, and whether a report's logs were made with the ones on screen.
// The expression checker is passed in: it carries a parser the page loads only once logpoints exist.
import type { CheckedExpression } from './expression';
import type { LogReport, Logpoint } from './types';

export type CheckExpression = (expr: string) => CheckedExpression;

/** The logpoints whose expression the checker accepts: a refused one is never sent to a replay. */
export const sendable = (points: readonly Logpoint[], check: CheckExpression): Logpoint[] => points.filter((p) => check(p.expr).ok);

/** One text per set of logpoints that would replay alike (id, file, line, expression), in order. */
export const pointsKey = (points: readonly Logpoint[]): string => JSON.stringify(points.map((p) => [p.id, p.file, p.line, p.expr.trim()]));

/** Whether `logs` came from a replay with exactly `points` (nothing added, moved, edited or removed since). */
export function logsMatch(logs: LogReport | undefined, points: readonly Logpoint[]): boolean {
  const placed = logs?.placements ?? [];
  if (placed.length !== points.length) return false;
  return points.every((p, i) => {
    const q = placed[i]!;
    return q.id === p.id && q.file === p.file && q.line === p.line && q.expr.trim() === p.expr.trim();
  });
}
