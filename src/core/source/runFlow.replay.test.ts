// replayFlowSource with the real runtime and replay engine, as the worker and the CLI call it.
import { describe, expect, it } from 'vitest';
import * as effect from '../effect/index';
import { replayTrace } from '../replay/replayTrace';
import { replayFlowSource } from './runFlow';
import { join, readJson, readText } from '../trace/test-support/files';
import { FIXTURES } from './test-support/fixtures';

const dir = join(FIXTURES, 'checkout-zero-total');
const trace = readJson(join(dir, 'expected', 'trace.json'));
const flowText = readText(join(dir, 'flow.ts'));
const lineOf = (text: string, needle: string) => text.split('\n').findIndex((l) => l.includes(needle)) + 1;

describe('replayFlowSource with the real engine', () => {
  it('narrates the checkout incident exactly and locates each Command() call in flow.ts', async () => {
    const out = await replayFlowSource({ files: [{ name: 'flow.ts', text: flowText }], trace }, effect, replayTrace);
    if (out.kind !== 'report') throw new Error(`expected a report, got ${out.kind}`);
    expect(out.report.narration.join('\n')).toBe(readText(join(dir, 'expected', 'narration.txt')));
    expect(out.report.steps.map((s) => s.location)).toEqual([
      { file: 'flow.ts', line: lineOf(flowText, 'return Command(cmdFetchCart'), column: 12 },
      { file: 'flow.ts', line: lineOf(flowText, 'return Command(cmdValidatePromo'), column: 12 },
      { file: 'flow.ts', line: lineOf(flowText, 'return Command(cmdChargeCard'), column: 12 }
    ]);
  });

  it('locates a bug in pure flow code at the person’s file, line and column', async () => {
    const text = flowText.replace('const percentOff = promo.valid', 'const percentOff = (promo as any).missing.valid');
    const out = await replayFlowSource({ files: [{ name: 'flow.ts', text }], trace }, effect, replayTrace);
    if (out.kind !== 'report') throw new Error(`expected a report, got ${out.kind}`);
    const line = lineOf(text, '.missing.valid');
    const column = text.split('\n')[line - 1]!.indexOf('valid ?') + 1; // V8 points at the property it could not read
    expect(out.report.status).toBe('rejected');
    expect(out.report.rejection?.location).toEqual({ file: 'flow.ts', line, column });
    // the lines printed before the bug are kept
    expect(out.report.narration.at(-1)).toMatch(/^Step 2: cmdValidatePromo returned/);
  });

  it('loads services.ts when it is given, and its pure helpers run for real', async () => {
    const services = { name: 'services.ts', text: readText(join(dir, 'services.ts')) };
    const out = await replayFlowSource({ files: [services, { name: 'flow.ts', text: flowText }], trace }, effect, replayTrace);
    expect(out).toMatchObject({ kind: 'report', entry: 'flow.ts', exportName: 'checkoutFlow' });
  });
});
