import { describe, expect, it } from 'vitest';
import { buildModel } from '../trace/build';
import { recordingShape, traceIdentity } from '../trace/identity';
import { stepRefIn, stepRefOf, withoutStepRef } from './stepRef';

describe('a post-mortem step link', () => {
  it('is short: the page, the shape and the step, whatever the incident holds', () => {
    const link = stepRefOf('https://timescope.example/app/#incident=i1.9.abcdefghi', 'k2x9', 6);
    expect(link).toBe('https://timescope.example/app/#of=k2x9&step=7');
    expect(stepRefIn(new URL(link).hash)).toEqual({ shape: 'k2x9', step: 6 });
  });

  it('reads no step from a missing or malformed step=, and nothing from a fragment without of=', () => {
    expect(stepRefIn('#of=k2x9')).toEqual({ shape: 'k2x9', step: undefined });
    expect(stepRefIn('#of=k2x9&step=0')).toEqual({ shape: 'k2x9', step: undefined });
    expect(stepRefIn('#of=k2x9&step=2x')).toEqual({ shape: 'k2x9', step: undefined });
    expect(stepRefIn('#step=3')).toBeUndefined();
  });

  it('leaves the fragment without its of=, keeping the step', () => {
    expect(withoutStepRef('#of=k2x9&step=7')).toBe('#step=7');
    expect(withoutStepRef('#of=k2x9')).toBe('');
  });
});

describe('recordingShape', () => {
  const steps = [
    { command: 'cmdFetch', path: '0', result: { email: 'ada@example.com' }, durationMs: 3 },
    { command: 'cmdCharge', path: '1', result: { ok: true }, durationMs: 5 }
  ];
  it('is the same for a recording and its redacted copy, which differ only in values', () => {
    const original = buildModel({ flowName: 'checkout', initialInput: { email: 'ada@example.com' }, trace: steps });
    const redacted = buildModel({ flowName: 'checkout', initialInput: { email: '[email]' }, trace: steps.map((s) => ({ ...s, result: '[redacted]' })) });
    expect(traceIdentity(original)).not.toBe(traceIdentity(redacted));
    expect(recordingShape(original)).toBe(recordingShape(redacted));
  });
  it('differs for another recording of the same flow', () => {
    const a = buildModel({ flowName: 'checkout', trace: steps });
    const b = buildModel({ flowName: 'checkout', trace: [steps[0]!, { ...steps[1]!, durationMs: 6 }] });
    expect(recordingShape(a)).not.toBe(recordingShape(b));
  });
});
