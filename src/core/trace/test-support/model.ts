// Test-only: a TraceModel from hand-written entries, through the real parser.
import { parseTraceText } from '../parse';
import type { TraceModel } from '../model';

export function modelOf(trace: unknown[]): TraceModel {
  const result = parseTraceText(JSON.stringify({ trace }));
  if (result.kind !== 'trace') throw new Error(`expected one trace, got ${result.kind}`);
  return result.model;
}

export const ok = (command: string, path: string) => ({ command, path, result: 1, durationMs: 1 });
export const threw = (command: string, path: string) => ({ command, path, threw: true, error: 'x', durationMs: 1 });
