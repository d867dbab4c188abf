// The first screen's step, on fixtures whose Failure takes each shape.
import { describe, expect, test } from 'vitest';
import { replayTrace } from '../replay/replayTrace';
import { loadFlow, loadTrace, runsOf } from '../replay/test-support/fixtures';
import { parseTraceText } from '../trace/parse';
import { explainingStep } from './explains';

async function incident(name: string, variant?: string) {
  const run = runsOf(name).find((r) => r.variant === variant)!;
  const trace = loadTrace(run);
  const parsed = parseTraceText(JSON.stringify(trace));
  if (parsed.kind !== 'trace') throw new Error(parsed.kind);
  const report = await replayTrace({ flowFn: await loadFlow(run), trace, ...(run.options.context !== undefined ? { context: run.options.context } : {}) });
  return { model: parsed.model, report };
}

describe('explainingStep', () => {
  test('the step that threw, when the recording shows it ended the run (checkout)', async () => {
    const { model, report } = await incident('checkout-zero-total');
    expect(explainingStep(model, undefined)).toBe(2);
    expect(explainingStep(model, report)).toBe(2);
  });

  test('the failing branch of a cancelled Parallel (stock)', async () => {
    const { model } = await incident('stock-parallel-cancelled');
    expect(model.steps.at(explainingStep(model, undefined)!)?.command).toBe('cmdReserveWest');
  });

  test('the step whose next returned the Failure, from the incident\'s replay (register-email-taken)', async () => {
    const { model, report } = await incident('register-email-taken');
    expect(explainingStep(model, undefined)).toBeUndefined();
    expect(explainingStep(model, report)).toBe(0);
    const step = report.steps.find((s) => s.entryIndex === 0)!;
    expect(step.ledToFailure).toBe(true);
  });
});

test('the last try that threw, when an exhausted Retry ended the run (price-retry-fallback without its fallback)', async () => {
  const { model, report } = await incident('price-retry-fallback', 'no-fallback');
  expect(model.steps.at(explainingStep({ ...model, outcome: { known: false, reason: 'the fallback was removed' } }, report)!)?.path).toBe('1r2/0');
});
