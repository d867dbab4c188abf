import { describe, expect, it } from 'vitest';
import { replayFlowSource, type ReplayTraceRequest } from './runFlow';
import type { ReplayReport } from '../replay/report';

// A stand-in runtime and replay engine: enough to see what replayFlowSource hands over.
const runtime = { Success: (value: unknown) => ({ type: 'Success', value }) };
const seen: ReplayTraceRequest[] = [];
async function fakeReplay(req: ReplayTraceRequest): Promise<ReplayReport> {
  seen.push(req);
  const t = req.trace as { initialInput?: unknown };
  try {
    const result = req.flowFn(t.initialInput) as { type: 'Success'; value: unknown };
    return { status: 'resolved', result, unreached: [], narration: [`ran ${JSON.stringify(result.value)}`], steps: [] };
  } catch (e) {
    const stack = (e as Error).stack ?? '';
    return { status: 'rejected', rejection: { error: String(e), text: { name: 'Error', message: String(e) }, location: req.locate?.(stack) }, unreached: [], narration: [], steps: [] };
  }
}

const trace = { flowName: 'checkout', initialInput: 2, context: { flowName: 'checkout' }, trace: [] };
const flowTs = "import { Success } from 'pure-effect';\nexport const checkoutFlow = (n: number) => Success(n * 10);\nexport const helper = () => 1;";

describe('replayFlowSource', () => {
  it('compiles, loads, picks the flow by flowName and replays it with context, build and locate', async () => {
    const out = await replayFlowSource({ files: [{ name: 'flow.ts', text: flowTs }], trace, context: { t: 1 }, version: 'abc' }, runtime, fakeReplay);
    expect(out).toMatchObject({ kind: 'report', entry: 'flow.ts', exportName: 'checkoutFlow', report: { narration: ['ran 20'] } });
    const req = seen.at(-1)!;
    expect(req.context).toEqual({ t: 1 });
    expect(req.version).toBe('abc');
    expect(typeof req.locate).toBe('function');
  });

  it('passes no context or version key when none is given (the recorded context stays)', async () => {
    await replayFlowSource({ files: [{ name: 'flow.ts', text: flowTs }], trace }, runtime, fakeReplay);
    expect(Object.keys(seen.at(-1)!).sort()).toEqual(['flowFn', 'isSourceScript', 'locate', 'sitesMarked', 'trace']);
  });

  it('locates a throw in pure flow code in the person’s file and line', async () => {
    const text = "import { db } from './services';\n\nexport const checkoutFlow = (n: number) => {\n  return db.carts.find(n);\n};";
    const out = await replayFlowSource({ files: [{ name: 'flow.ts', text }], trace }, runtime, fakeReplay);
    expect(out.kind === 'report' && out.report.rejection).toMatchObject({
      error: expect.stringContaining('touched `db.carts` from'),
      location: { file: 'flow.ts', line: 4, column: 13 }
    });
  });

  it('finds the entry among several files, preferring flow.*, and uses an explicit export', async () => {
    const files = [
      { name: 'services.ts', text: 'export const db = { find: () => 1 };' },
      { name: 'main.ts', text: "import { db } from './services';\nexport const checkoutFlow = () => ({ type: 'Success', value: db.find() });" },
      { name: 'flow.ts', text: 'export const a = () => 1;\nexport const b = () => 2;' }
    ];
    expect(await replayFlowSource({ files, trace }, runtime, fakeReplay)).toMatchObject({ kind: 'report', entry: 'main.ts', exportName: 'checkoutFlow' });
    const explicit = await replayFlowSource({ files, trace, exportName: 'b' }, runtime, fakeReplay);
    expect(explicit).toMatchObject({ entry: 'flow.ts', exportName: 'b' });
    const chosenEntry = await replayFlowSource({ files, trace, entry: 'flow.ts' }, runtime, fakeReplay);
    expect(chosenEntry).toEqual({ kind: 'choose-export', candidates: ['a', 'b'], entry: 'flow.ts' });
  });

  it('reports compile errors in any loaded file, located', async () => {
    const files = [
      { name: 'flow.ts', text: flowTs },
      { name: 'util.ts', text: 'export const x = {\n  a: 1\n  b: 2\n};' }
    ];
    expect(await replayFlowSource({ files, trace }, runtime, fakeReplay)).toEqual({
      kind: 'compile-error',
      file: 'util.ts',
      line: 3,
      column: 3,
      message: 'Unexpected token, expected ","'
    });
  });

  it('says when there is no flow function, or the named export is wrong', async () => {
    expect(await replayFlowSource({ files: [{ name: 'flow.ts', text: 'export const n = 1;' }], trace }, runtime, fakeReplay)).toEqual({
      kind: 'no-flow',
      message: "No exported function in 'flow.ts': export the function that builds the flow from its input."
    });
    expect(await replayFlowSource({ files: [{ name: 'flow.ts', text: flowTs }], trace, exportName: 'nope' }, runtime, fakeReplay)).toEqual({
      kind: 'no-flow',
      message: "'flow.ts' has no export named 'nope'; its exported functions are checkoutFlow, helper."
    });
    expect(await replayFlowSource({ files: [], trace }, runtime, fakeReplay)).toMatchObject({ kind: 'no-flow' });
    expect(await replayFlowSource({ files: [{ name: 'flow.ts', text: flowTs }], trace, entry: 'x.ts' }, runtime, fakeReplay)).toMatchObject({ kind: 'no-flow' });
  });

  it('reports a throw at module top level as a load error at its line', async () => {
    const text = "import Stripe from 'stripe';\nconst stripe = new Stripe('sk');\nexport const checkoutFlow = () => stripe;";
    const out = await replayFlowSource({ files: [{ name: 'flow.ts', text }], trace }, runtime, fakeReplay);
    expect(out).toMatchObject({
      kind: 'load-error',
      message: expect.stringMatching(/^The flow used `new` on the default import of 'stripe' outside a Command/),
      location: { file: 'flow.ts', line: 2, column: 16 }
    });
    const plain = await replayFlowSource({ files: [{ name: 'flow.js', text: 'null.x;\nexport const f = () => 1;' }], trace }, runtime, fakeReplay);
    expect(plain).toMatchObject({ kind: 'load-error', message: expect.stringMatching(/^TypeError: /), location: { file: 'flow.js', line: 1 } });
  });
});
