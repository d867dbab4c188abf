import { describe, expect, it } from 'vitest';
import type { ReplayReport, ReplayStep } from '../replay/report';
import { upstreamOf } from './upstream';

const step = (entryIndex: number, name: string, before: unknown): ReplayStep => ({ index: entryIndex, name, type: 'Command', path: String(entryIndex), entryIndex, status: 'answered', before: before as never, hasBefore: true });
const report = (steps: ReplayStep[]) => ({ steps }) as unknown as ReplayReport;

describe('upstreamOf', () => {
  it('names the Command before and what it changed in the value passed along', () => {
    const r = report([step(0, 'a', { total: 60 }), step(1, 'b', { total: 0, percentOff: 100 })]);
    expect(upstreamOf(r, 1).change).toEqual({
      by: 'a',
      changes: [
        { path: 'total', kind: 'changed', before: 60, after: 0 },
        { path: 'percentOff', kind: 'added', after: 100 }
      ]
    });
  });
  it('has no change for the first step, or when nothing changed', () => {
    const r = report([step(0, 'a', { x: 1 }), step(1, 'b', { x: 1 })]);
    expect(upstreamOf(r, 0)).toMatchObject({ here: { name: 'a' }, change: undefined });
    expect(upstreamOf(r, 1).change).toBeUndefined();
    expect(upstreamOf(r, 5).here).toBeUndefined();
  });
});
