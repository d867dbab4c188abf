// Step locations in the engine's sandbox (the CLI's worker, ses locked down): there the engine
// reads stack positions through the realm's own Error, taken before lockdown (replay/sites.ts),
// and each step must still be located at its own Command() call.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS, startSandbox } from '../../src/sandbox/node/host';
import { TWO_PLACES_FLOW, TWO_PLACES_TRACE, twoPlacesLocations } from '../../src/core/source/test-support/twoPlaces';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const BOOT = path.join(ROOT, 'dist-cli/sandbox-boot.cjs'); // built by the Vitest global setup

describe('step locations in the sandbox', () => {
  it('gives each of two Commands of the same name, built at two places, its own line, every time', async () => {
    const files = [{ name: 'flow.ts', text: TWO_PLACES_FLOW }];
    const o = await startSandbox(BOOT, DEFAULT_LIMITS).run({ files, entry: 'flow.ts', traceText: JSON.stringify(TWO_PLACES_TRACE) });
    if (o.kind !== 'result' || o.result.kind !== 'report') throw new Error(`expected a report, got ${JSON.stringify(o).slice(0, 300)}`);
    expect(o.result.report.result).toEqual({ type: 'Success', value: 20 });
    expect(o.result.report.steps.map((s) => s.location)).toEqual(twoPlacesLocations());
  });

  it('locates a bug in flow code from its stack, which the engine formats as ses does', async () => {
    const text = TWO_PLACES_FLOW.replace('i >= 20 ? Success(i)', 'i >= 7 ? (null as any).boom');
    const o = await startSandbox(BOOT, DEFAULT_LIMITS).run({ files: [{ name: 'flow.ts', text }], entry: 'flow.ts', traceText: JSON.stringify(TWO_PLACES_TRACE) });
    if (o.kind !== 'result' || o.result.kind !== 'report') throw new Error(`expected a report, got ${JSON.stringify(o).slice(0, 300)}`);
    const report = o.result.report;
    expect(report.status).toBe('rejected');
    expect(report.rejection?.location).toMatchObject({ file: 'flow.ts', line: 5 });
    expect(report.steps.map((s) => s.location)).toEqual(twoPlacesLocations(text, 15));
  });
});

describe('the stack hook the sandbox leaves on its frozen Error', () => {
  it('is frozen with it: flow code can neither replace it nor read positions through it', async () => {
    // The realm's own Error is reachable from TimeParadox; its prepareStackTrace is the engine's hook.
    const text = `import { Command, Success, TimeParadox } from 'pure-effect';
const RealmError: any = Object.getPrototypeOf(TimeParadox);
const hook = RealmError.prepareStackTrace;
let replaced = 'no';
try { RealmError.prepareStackTrace = () => 'forged'; replaced = 'yes'; } catch { replaced = 'refused'; }
const frames = [{ toString: () => 'at fake (nowhere:1:1)', getScriptNameOrSourceURL: () => 'x', getLineNumber: () => 1, getColumnNumber: () => 1 }];
const called = String(hook({ name: 'E', message: 'm', toString: () => 'E: m' }, frames));
const cmdLook = () => 1;
export const probe = (_: unknown) => Command(cmdLook, () => Success({ replaced, called, frozen: Object.isFrozen(RealmError), stack: typeof new Error('e').stack }));
`;
    const traceText = JSON.stringify({ flowName: 'probe', initialInput: 0, trace: [{ command: 'cmdLook', path: '0', result: 1 }] });
    const o = await startSandbox(BOOT, DEFAULT_LIMITS).run({ files: [{ name: 'flow.ts', text }], entry: 'flow.ts', traceText });
    if (o.kind !== 'result' || o.result.kind !== 'report') throw new Error(`expected a report, got ${JSON.stringify(o).slice(0, 300)}`);
    // ses's own formatting of the frames it was given, not a position tree
    expect(o.result.report.result).toEqual({ type: 'Success', value: { replaced: 'refused', called: 'E: m\n  at at fake (nowhere:1:1)', frozen: true, stack: 'string' } });
    expect(o.result.report.steps[0]?.location).toMatchObject({ file: 'flow.ts', line: 9 });
  });
});
