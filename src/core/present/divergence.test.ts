// Divergence told on the right Commands, on the shared fixtures' variants and on two edits of the
// checkout flow: a reorder, a swap that asks a recorded Command too early, and an inserted Command.
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { replayTrace } from '../replay/replayTrace';
import { FIXTURES, loadFlow, loadTrace, runsOf } from '../replay/test-support/fixtures';
import { replayFlowSource } from '../source/runFlow';
import * as effect from '../effect/index';
import { parseTraceText } from '../trace/parse';
import { divergenceOf } from './divergence';

async function variant(name: string, v: string) {
  const run = runsOf(name).find((r) => r.variant === v)!;
  const trace = loadTrace(run);
  const parsed = parseTraceText(JSON.stringify(trace));
  if (parsed.kind !== 'trace') throw new Error(parsed.kind);
  return { model: parsed.model, report: await replayTrace({ flowFn: await loadFlow(run), trace }) };
}

async function edited(change: (text: string) => string) {
  const dir = `${FIXTURES}/checkout-zero-total`;
  const text = readFileSync(`${dir}/flow.ts`, 'utf8');
  const changed = change(text);
  expect(changed).not.toBe(text);
  const trace = JSON.parse(readFileSync(`${dir}/expected/trace.json`, 'utf8')) as unknown;
  const parsed = parseTraceText(JSON.stringify(trace));
  if (parsed.kind !== 'trace') throw new Error(parsed.kind);
  const result = await replayFlowSource({ files: [{ name: 'flow.ts', text: changed }], trace }, effect, replayTrace);
  if (result.kind !== 'report') throw new Error(result.kind);
  return { model: parsed.model, report: result.report };
}

describe('divergenceOf', () => {
  test('a reorder: the Command asked first says where production asked it, the recorded one what was asked instead', async () => {
    const { model, report } = await variant('checkout-zero-total', 'reorder');
    const d = divergenceOf(report, model)!;
    expect(d.asked).toMatchObject({ name: 'cmdValidatePromo', path: '0', recorded: 'cmdFetchCart', productionPath: '1', isNew: false });
    expect(d.asked?.text).toBe('cmdValidatePromo asked at path 0, where the recording has cmdFetchCart: production asked it at path 1');
    expect(d.byCommand).toEqual({
      cmdFetchCart: 'recorded at path 0; this code asked cmdValidatePromo there instead',
      cmdValidatePromo: 'asked at path 0, out of order: production asked it at path 1'
    });
    expect(d.plain).not.toMatch(/Time paradox at path/);
    expect(d.raw).toBe(`TimeParadox: ${report.fault!.message}`);
  });

  test('a swap that asks cmdChargeCard too early: it is not "never reached", it was asked at path 1', async () => {
    const { model, report } = await edited((t) => t.replace('effectPipe(fetchCart, applyPromo, chargeCard)', 'effectPipe(fetchCart, (o) => chargeCard({ ...o, total: 1 }), applyPromo)'));
    const d = divergenceOf(report, model)!;
    expect(d.asked).toMatchObject({ name: 'cmdChargeCard', path: '1', recorded: 'cmdValidatePromo', productionPath: '2', isNew: false });
    expect(d.byCommand.cmdChargeCard).toBe('asked at path 1, out of order: production asked it at path 2');
  });

  test('an inserted Command only the new code asks for is new', async () => {
    const { model, report } = await edited((t) =>
      t
        .replace('const chargeCard =', 'const checkFraud = (o: any) => {\n    const cmdCheckFraud = () => 1;\n    return Command(cmdCheckFraud, () => Success(o));\n};\n\nconst chargeCard =')
        .replace('effectPipe(fetchCart, applyPromo, chargeCard)', 'effectPipe(fetchCart, applyPromo, checkFraud, chargeCard)')
    );
    const d = divergenceOf(report, model)!;
    expect(d.asked).toMatchObject({ name: 'cmdCheckFraud', path: '2', recorded: 'cmdChargeCard', isNew: true });
    expect(d.asked?.text).toBe('cmdCheckFraud asked at path 2, where the recording has cmdChargeCard: only this code asks for it');
    expect(d.asked?.step.location?.line).toBeGreaterThan(0);
  });

  test('a step past the end of the recording is a missing step, told as new', async () => {
    const { model, report } = await variant('register-email-taken', 'new-address');
    const d = divergenceOf(report, model)!;
    expect(d.asked).toMatchObject({ name: 'cmdCreateUser', path: '1', isNew: true });
    expect(d.plain).toMatch(/a step production never ran/);
  });
});
