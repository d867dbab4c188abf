// A logpoint written as text, for the CLI (`--log 'flow.ts:31=order.total'`) and agents:
// `<file>:<line>=<expression>`. The file is everything before the last `:<digits>=`, so a
// Windows path or a name with colons still reads; the expression is everything after.
import type { Logpoint } from './types';

export type ParsedLogSpec = { readonly ok: true; readonly logpoint: Logpoint } | { readonly ok: false; readonly message: string };

const SPEC = /^(.+):(\d+)=([\s\S]*)$/;

export function parseLogSpec(spec: string, id?: string): ParsedLogSpec {
  const m = SPEC.exec(spec.trim());
  if (!m) return { ok: false, message: `'${spec}' is not a logpoint: write <file>:<line>=<expression>, for example flow.ts:31=order.total` };
  const [, file, line, expr] = m as unknown as [string, string, string, string];
  if (expr.trim() === '') return { ok: false, message: `'${spec}' has no expression after '=': write what to show, for example ${file}:${line}=order.total` };
  const n = Number(line);
  if (!Number.isSafeInteger(n) || n < 1) return { ok: false, message: `'${spec}': line ${line} is not a line number (lines count from 1)` };
  return { ok: true, logpoint: { id: id ?? `${file}:${n}=${expr.trim()}`, file, line: n, expr: expr.trim() } };
}

/** The text form of a logpoint, as parseLogSpec reads it. */
export const logSpecOf = (p: Pick<Logpoint, 'file' | 'line' | 'expr'>): string => `${p.file}:${p.line}=${p.expr}`;
