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
