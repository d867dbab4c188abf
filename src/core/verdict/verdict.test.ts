import { describe, expect, it } from 'vitest';
import type { ReplayReport } from '../replay/report';
import type { RecordedOutcome } from '../trace/model';
import { productionOutcome, sameOutcome, verdictOf } from './verdict';
import { replayOverlay, STEP_PARADOX, STEP_REPLAYED, STEP_UNREACHED } from './overlay';

const amountError = { __error: true, name: 'Error', message: 'Amount must be non-zero.', code: 'invalid_amount' };
const recordedFailure: RecordedOutcome = { known: true, type: 'Failure', error: amountError, stepIndex: 2 };

function report(partial: Partial<ReplayReport>): ReplayReport {
  return { status: 'resolved', unreached: [], narration: [], steps: [], ...partial };
}

describe('verdictOf', () => {
  it('Reproduced: the same Failure as production, the stack aside', () => {
    const r = report({ result: { type: 'Failure', error: { ...amountError, stack: 'Error: at x' } } });
    expect(verdictOf(r, productionOutcome(recordedFailure, undefined), false)).toEqual({ kind: 'reproduced', outcome: r.result });
  });

  it('Fixed: the recorded Failure now ends in Success', () => {
    const r = report({ result: { type: 'Success', value: { total: 0 } }, unreached: [2] });
    expect(verdictOf(r, productionOutcome(recordedFailure, undefined), true).kind).toBe('fixed');
  });

  it('Outcome changed: another Failure, or another Success value', () => {
    const other = report({ result: { type: 'Failure', error: 'No cart' } });
    expect(verdictOf(other, productionOutcome(recordedFailure, undefined), true)).toMatchObject({ kind: 'changed', production: { type: 'Failure' } });
    const baseline = report({ result: { type: 'Success', value: { a: 1 } } });
    const edited = report({ result: { type: 'Success', value: { a: 2 } } });
    const unknown: RecordedOutcome = { known: false, reason: 'r' };
    expect(verdictOf(edited, productionOutcome(unknown, baseline), true).kind).toBe('changed');
    expect(verdictOf(report({ result: { type: 'Success', value: { a: 1 } } }), productionOutcome(unknown, baseline), true).kind).toBe('reproduced');
  });

  it('an unedited replay with no recorded outcome is production itself', () => {
    const r = report({ result: { type: 'Success', value: 1 } });
    expect(verdictOf(r, productionOutcome({ known: false, reason: 'r' }, r), false).kind).toBe('reproduced');
  });

  it('a replay of the recorded code that leaves recorded Commands unasked proves no outcome, and does not reproduce itself', () => {
    // Production asked every Command it recorded: a replay that stops sooner (a masked value failing the flow's own check) is not production's run.
    const sooner = report({ result: { type: 'Failure', error: { __error: true, name: 'Error', message: 'Please enter a valid email address.' } }, unreached: [0] });
    expect(productionOutcome({ known: false, reason: 'r' }, sooner)).toBeUndefined();
    expect(verdictOf(sooner, productionOutcome({ known: false, reason: 'r' }, sooner), false)).toMatchObject({ kind: 'changed', differs: { unreached: [0] } });
  });

  it('Diverged and Missing step come from the replay fault, whatever the outcome', () => {
    const paradox = report({
      result: { type: 'Failure', error: { __error: true, name: 'TimeParadox' } },
      fault: { kind: 'TimeParadox', message: "Time paradox at path '0': …", path: '0', entryIndex: 0, expected: 'cmdFetchCart', actual: 'cmdValidatePromo' }
    });
    expect(verdictOf(paradox, undefined, true)).toMatchObject({ kind: 'diverged', path: '0', entryIndex: 0, expected: 'cmdFetchCart', actual: 'cmdValidatePromo' });
    const missing = report({ result: { type: 'Failure', error: {} }, fault: { kind: 'ReplayError', message: 'Trace has no step', path: '1', command: 'cmdCreateUser' } });
    expect(verdictOf(missing, undefined, true)).toMatchObject({ kind: 'missing-step', path: '1', command: 'cmdCreateUser' });
  });

  it('Error in flow code: the replay rejected', () => {
    const r = report({ status: 'rejected', rejection: { error: { __error: true, name: 'TypeError', message: 'x is undefined' }, text: { name: 'TypeError', message: 'x is undefined' } } });
    expect(verdictOf(r, undefined, true)).toEqual({ kind: 'flow-error', name: 'TypeError', message: 'x is undefined' });
    // What the person reads comes from the description made where it was thrown, not from the stored copy.
    const symbol = report({ status: 'rejected', rejection: { error: undefined, text: { name: 'a Symbol', message: 'The flow threw a Symbol, Symbol(x), which is not an Error and has no message.' } } });
    expect(verdictOf(symbol, undefined, true)).toMatchObject({ kind: 'flow-error', name: 'a Symbol' });
  });

  it('sameOutcome compares values deeply and ignores key order', () => {
    expect(sameOutcome({ type: 'Success', value: { a: 1, b: [1, 2] } }, { type: 'Success', value: { b: [1, 2], a: 1 } })).toBe(true);
    expect(sameOutcome({ type: 'Success', value: 1 }, { type: 'Failure', error: 1 })).toBe(false);
  });
});

describe('replayOverlay', () => {
  it('marks replayed, unreached and the paradox entry', () => {
    const r = report({
      steps: [
        { index: 0, name: 'a', type: 'Command', path: '0', entryIndex: 0, status: 'answered' },
        { index: 1, name: 'x', type: 'Command', path: '1', status: 'paradox' }
      ],
      unreached: [1, 2],
      fault: { kind: 'TimeParadox', message: 'm', path: '1', entryIndex: 1 }
    });
    expect([...replayOverlay(r, 3)]).toEqual([STEP_REPLAYED, STEP_PARADOX, STEP_UNREACHED]);
  });
});
