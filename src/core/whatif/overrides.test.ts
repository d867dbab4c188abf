// Overrides applied to the shared fixtures' recordings, and replayed through the real engine.
import { describe, expect, it } from 'vitest';
import * as effect from '../effect/index';
import { replayTrace } from '../replay/replayTrace';
import { replayFlowSource } from '../source/runFlow';
import { FIXTURES, join, readJson, readText } from '../trace/test-support/files';
import { applyOverrides, overrideAddress, overridesSchema, type StepOverride } from './overrides';

type Trace = { trace: Record<string, unknown>[] } & Record<string, unknown>;
const fixtureTrace = (name: string) => readJson(join(FIXTURES, name, 'expected', 'trace.json')) as Trace;
const checkout = () => fixtureTrace('checkout-zero-total');
const receipt = { chargeId: 'ch_whatif', amount: 0, status: 'succeeded' };

async function replay(name: string, trace: unknown) {
  const files = [{ name: 'flow.ts', text: readText(join(FIXTURES, name, 'flow.ts')) }];
  const out = await replayFlowSource({ files, trace }, effect, replayTrace);
  if (out.kind !== 'report') throw new Error(`expected a report, got ${out.kind}`);
  return out.report;
}

describe('applyOverrides on recorded traces', () => {
  it('replaces a thrown step with a result, in the recorder’s key order, and leaves the recording alone', () => {
    const original = checkout();
    const before = JSON.stringify(original);
    const { trace, problems } = applyOverrides(original, [{ at: '2', kind: 'result', value: receipt }]);
    expect(problems).toEqual([]);
    const entry = (trace as Trace).trace[2]!;
    expect(Object.keys(entry)).toEqual(['command', 'path', 'result', 'durationMs']);
    expect(entry).toEqual({ command: 'cmdChargeCard', path: '2', result: receipt, durationMs: original.trace[2]!.durationMs });
    expect((trace as Trace).trace.slice(0, 2)).toEqual(original.trace.slice(0, 2));
    expect((trace as Trace).initialInput).toEqual(original.initialInput);
    expect(JSON.stringify(original)).toBe(before);
  });

  it('makes a returning step throw, stored as the recorder stores an Error (spec §4.7)', () => {
    const { trace, problems } = applyOverrides(checkout(), [
      { at: '1', kind: 'throw', error: { name: 'PromoError', message: 'Promo expired.', code: 'expired' } }
    ]);
    expect(problems).toEqual([]);
    const entry = (trace as Trace).trace[1]!;
    expect(Object.keys(entry)).toEqual(['command', 'path', 'threw', 'error', 'durationMs']);
    expect(entry.error).toEqual({ __error: true, name: 'PromoError', message: 'Promo expired.', code: 'expired' });
    const noCode = applyOverrides(checkout(), [{ at: '1', kind: 'throw', error: { name: 'E', message: 'm' } }]);
    expect((noCode.trace as Trace).trace[1]!.error).toEqual({ __error: true, name: 'E', message: 'm' });
  });

  it('sets which branch of a Parallel decision cancelled the others, or none', () => {
    const none = applyOverrides(fixtureTrace('stock-parallel-cancelled'), [{ at: '0p', kind: 'cancelled', branch: null }]);
    expect(none.problems).toEqual([]);
    expect((none.trace as Trace).trace[2]).toMatchObject({ command: 'Parallel', path: '0p', result: { cancelled: false, branches: 2 } });
    const zero = applyOverrides(fixtureTrace('stock-parallel-cancelled'), [{ at: '0p', kind: 'cancelled', branch: 0 }]);
    expect((zero.trace as Trace).trace[2]!.result).toEqual({ cancelled: true, branch: 0, branches: 2 });
  });

  it('names the steps of a path-less trace by position, and keeps their legacy form', () => {
    const legacy = fixtureTrace('legacy-no-path');
    expect(overrideAddress(legacy.trace, 2)).toBe('#2');
    expect(overrideAddress(checkout().trace, 2)).toBe('2');
    const { trace, problems } = applyOverrides(legacy, [{ at: '#2', kind: 'result', value: receipt }]);
    expect(problems).toEqual([]);
    expect((trace as Trace).trace[2]).toEqual({ command: 'cmdChargeCard', result: receipt, durationMs: legacy.trace[2]!.durationMs });
    const thrown = applyOverrides(legacy, [{ at: '#0', kind: 'throw', error: { name: 'E', message: 'down' } }]);
    // no `threw` key: a path-less entry throws by its error key alone (spec §5)
    expect(Object.keys((thrown.trace as Trace).trace[0]!)).toEqual(['command', 'error', 'durationMs']);
  });

  it('applies to a bare array of entries and returns an array', () => {
    const { trace, problems } = applyOverrides(checkout().trace, [{ at: '#2', kind: 'result', value: 1 }]);
    expect(problems).toEqual([]);
    expect(Array.isArray(trace)).toBe(true);
    expect((trace as Record<string, unknown>[])[2]!.result).toBe(1);
  });

  it('names each override that does not fit, and applies the ones that do', () => {
    const overrides: StepOverride[] = [
      { at: '7', kind: 'result', value: 1 },
      { at: '#9', kind: 'result', value: 1 },
      { at: '2', kind: 'cancelled', branch: 0 },
      { at: '1', kind: 'result', value: { valid: false, percentOff: 0 } },
      { at: '#1', kind: 'result', value: 2 }
    ];
    const { trace, problems } = applyOverrides(checkout(), overrides);
    expect(problems).toEqual([
      "no step at path '7' in the trace",
      'no step #9: the trace has 3 entries',
      "the step at '2' (cmdChargeCard) is not a Parallel decision, so no branch of it can be cancelled",
      "the step at '#1' (cmdValidatePromo) is overridden twice ('1' and '#1'); the first is kept"
    ]);
    expect((trace as Trace).trace[1]!.result).toEqual({ valid: false, percentOff: 0 });
    expect((trace as Trace).trace[2]!.threw).toBe(true);

    const parallel = applyOverrides(fixtureTrace('stock-parallel-cancelled'), [
      { at: '0p', kind: 'cancelled', branch: 2 },
      { at: '0p', kind: 'throw', error: { name: 'E', message: 'm' } }
    ]);
    expect(parallel.problems).toEqual([
      "the step at '0p' (Parallel) has 2 branches (0 to 1), so branch 2 cannot have cancelled them",
      "the step at '0p' (Parallel) is a Parallel decision, which cannot throw; choose which branch cancelled instead"
    ]);
    expect(applyOverrides(fixtureTrace('legacy-no-path'), [{ at: '2', kind: 'result', value: 1 }]).problems).toEqual([
      "no step at path '2': this trace carries no paths, so its steps are named by position, as #0, #1…"
    ]);
    expect(applyOverrides({ nope: 1 }, [{ at: '0', kind: 'result', value: 1 }]).problems).toHaveLength(1);
  });

  it('validates overrides with the schema, naming the entry that is wrong', () => {
    expect(overridesSchema.safeParse([{ at: '2', kind: 'result', value: receipt }]).success).toBe(true);
    expect(overridesSchema.safeParse([{ at: '0p', kind: 'cancelled', branch: null }]).success).toBe(true);
    const bad = overridesSchema.safeParse([{ at: '2', kind: 'result', value: 1 }, { at: '1', kind: 'throw', error: { message: 'm' } }]);
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.path).toEqual([1, 'error', 'name']);
    expect(overridesSchema.safeParse([{ at: '0p', kind: 'cancelled', branch: -1 }]).success).toBe(false);
    expect(overridesSchema.safeParse([{ at: '', kind: 'result', value: 1 }]).success).toBe(false);
  });
});

describe('replaying a what-if through the real engine', () => {
  it('turns the checkout incident into a Success when cmdChargeCard returns a receipt', async () => {
    const recorded = await replay('checkout-zero-total', checkout());
    expect(recorded.result?.type).toBe('Failure');
    const { trace } = applyOverrides(checkout(), [{ at: '2', kind: 'result', value: receipt }]);
    const report = await replay('checkout-zero-total', trace);
    expect(report.status).toBe('resolved');
    expect(report.result).toMatchObject({ type: 'Success', value: { orderId: 'ord_7Hq2', total: 0, receipt } });
    expect(report.unreached).toEqual([]);
  });

  it('the same what-if on the path-less recording, addressed by position', async () => {
    const { trace } = applyOverrides(fixtureTrace('legacy-no-path'), [{ at: '#2', kind: 'result', value: receipt }]);
    const report = await replay('legacy-no-path', trace);
    expect(report.result).toMatchObject({ type: 'Success', value: { receipt } });
  });

  it('a thrown override ends the flow as a Failure with that error', async () => {
    const { trace } = applyOverrides(checkout(), [
      { at: '0', kind: 'throw', error: { name: 'DbError', message: 'Cart store down.', code: 503 } }
    ]);
    const report = await replay('checkout-zero-total', trace);
    expect(report.result).toMatchObject({ type: 'Failure', error: { name: 'DbError', message: 'Cart store down.', code: 503 } });
    // the steps after the one that threw are never asked for
    expect(report.unreached).toEqual([1, 2]);
  });

  it('a Parallel decision cancelled by branch 0 instead asks that branch for a step production never ran', async () => {
    const zero = applyOverrides(fixtureTrace('stock-parallel-cancelled'), [{ at: '0p', kind: 'cancelled', branch: 0 }]);
    const report = await replay('stock-parallel-cancelled', zero.trace);
    // branch 0 is the trigger now, so it is not cut and runs on past its recording (spec §6.10)
    expect(report.fault).toMatchObject({ kind: 'ReplayError', path: '0p0/1', command: 'cmdConfirmEastHold' });
    // With no cancellation it replays by timing (§6.11): west's recorded throw aborts the scope as its
    // branch settles in turn 4, but east's next step is checked in that turn before it (branch 0 stands
    // first), so cmdConfirmEastHold is asked, and production never ran it.
    const none = applyOverrides(fixtureTrace('stock-parallel-cancelled'), [{ at: '0p', kind: 'cancelled', branch: null }]);
    const byTiming = await replay('stock-parallel-cancelled', none.trace);
    expect(byTiming.fault).toMatchObject({ kind: 'ReplayError', path: '0p0/1', command: 'cmdConfirmEastHold', index: 2 });
  });
});
