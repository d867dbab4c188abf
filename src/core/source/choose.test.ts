import { describe, expect, it } from 'vitest';
import { chooseExport, entryOrder, flowExportName, traceFlowName } from './choose';
import { loadFlowModule } from './loader';
import { createModuleStub } from './stub';
import { fixtureRuns } from './test-support/fixtures';
import { join, readJson, readText } from '../trace/test-support/files';

// Loading a fixture only builds functions; nothing from the runtime is called at module level.
const runtime = {};
const fn = () => undefined;

describe('flowExportName and traceFlowName', () => {
  it('camel-cases a kebab flowName and adds Flow', () => {
    expect(flowExportName('split-shipment')).toBe('splitShipmentFlow');
    expect(flowExportName('checkout')).toBe('checkoutFlow');
    expect(flowExportName('list_invoices v2')).toBe('listInvoicesV2Flow');
  });

  it('reads flowName, else context.flowName', () => {
    expect(traceFlowName({ flowName: 'a', context: { flowName: 'b' } })).toBe('a');
    expect(traceFlowName({ context: { flowName: 'b' } })).toBe('b');
    expect(traceFlowName({ context: null })).toBeUndefined();
    expect(traceFlowName([])).toBeUndefined();
  });
});

describe('chooseExport', () => {
  it('prefers an exact flowName, then its camelCase + Flow', () => {
    expect(chooseExport({ checkout: fn, checkoutFlow: fn }, { flowName: 'checkout' })).toEqual({ kind: 'found', name: 'checkout', how: 'flow-name' });
    expect(chooseExport({ other: fn, checkoutFlow: fn, xFlow: fn }, { flowName: 'checkout' })).toMatchObject({ name: 'checkoutFlow' });
  });

  it('matches a default export by its function name', () => {
    const checkoutFlow = () => undefined;
    expect(chooseExport({ default: checkoutFlow, helper: fn }, { flowName: 'checkout' })).toEqual({ kind: 'found', name: 'default', how: 'flow-name' });
  });

  it('falls back to the only *Flow function, then the only function', () => {
    expect(chooseExport({ helper: fn, weatherFlow: fn, n: 1 }, { flowName: 'weather-widget' })).toEqual({ kind: 'found', name: 'weatherFlow', how: 'only-flow' });
    expect(chooseExport({ run: fn, config: {} }, {})).toEqual({ kind: 'found', name: 'run', how: 'only-function' });
    expect(chooseExport(fn, {})).toMatchObject({ name: 'default' });
  });

  it('asks when several functions could be the flow, and says none when there is none', () => {
    expect(chooseExport({ aFlow: fn, bFlow: fn, c: fn }, { flowName: 'zzz' })).toEqual({ kind: 'ambiguous', candidates: ['aFlow', 'bFlow', 'c'] });
    expect(chooseExport({ a: fn, default: fn }, {})).toEqual({ kind: 'ambiguous', candidates: ['a', 'default'] });
    expect(chooseExport({ n: 1 }, {})).toEqual({ kind: 'none' });
  });

  it('ignores stand-ins re-exported from modules that are not loaded', () => {
    expect(chooseExport({ fromLib: (createModuleStub('lib') as Record<string, unknown>).x, realFlow: fn, other: fn }, {})).toMatchObject({ name: 'realFlow' });
  });

  it('takes an explicit name, and says clearly when it is absent or not a function', () => {
    expect(chooseExport({ a: fn, b: fn }, { exportName: 'b', flowName: 'a' })).toEqual({ kind: 'found', name: 'b', how: 'explicit' });
    expect(chooseExport({ a: fn, b: 1 }, { exportName: 'c', file: 'flow.ts' })).toEqual({
      kind: 'bad-name',
      message: "'flow.ts' has no export named 'c'; its exported functions are a."
    });
    expect(chooseExport({ a: fn, b: 1 }, { exportName: 'b', file: 'flow.ts' })).toEqual({
      kind: 'bad-name',
      message: "'b' in 'flow.ts' is not a function (it is number); its exported functions are a."
    });
  });
});

describe('entryOrder', () => {
  it('tries flow.* first, then the files as given', () => {
    expect(entryOrder(['services.ts', 'src/flow.ts', 'fixed.ts'])).toEqual(['src/flow.ts', 'services.ts', 'fixed.ts']);
  });
});

describe('every fixture: the case.json flowExport is chosen for the trace flowName', () => {
  it.each(fixtureRuns().map((r) => [r.id, r] as const))('%s', (_id, run) => {
    const trace = readJson(run.traceFile);
    const flowName = traceFlowName(trace);
    const files = [{ name: run.flowFile, text: readText(join(run.dir, run.flowFile)) }];
    const { exports } = loadFlowModule(files, run.flowFile, runtime);
    expect(chooseExport(exports, { flowName })).toMatchObject({ kind: 'found', name: run.flowExport });
  });
});
