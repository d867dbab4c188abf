import { beforeEach, describe, expect, it, vi } from 'vitest';

// The compare worker's own work, run in this process: the store is tested against the same core calls.
vi.mock('../worker/compareClient', async () => ({ openComparison: (await import('../worker/test-support/compareInProcess')).openInProcess }));

const { useCompareStore } = await import('./compareStore');
const { useTraceStore } = await import('./traceStore');
const { rowOf } = await import('../core/compare/session');
const { failingCheckoutTrace, recordCheckout } = await import('../core/compare/test-support/checkoutRuns');

const marks = () => {
  const a = useCompareStore.getState().comparison!.alignment;
  return Array.from({ length: a.count }, (_, i) => rowOf(a, i)!.mark);
};

describe('the compare store', async () => {
  const good = (await recordCheckout()).trace;
  beforeEach(() => useCompareStore.getState().close());

  it('opens two raw traces with the first difference selected, and brings that row’s detail', async () => {
    expect(await useCompareStore.getState().open({ trace: failingCheckoutTrace(), label: 'incident' }, { trace: good, label: 'good' })).toBe(true);
    const s = useCompareStore.getState();
    expect(s.comparison?.a.label).toBe('incident');
    expect(marks()).toEqual(['same', 'value-changed', 'value-changed']);
    expect(s.selected).toBe(1);
    await vi.waitFor(() => expect(useCompareStore.getState().detail?.row).toBe(1));
    expect(useCompareStore.getState().detail?.changes.length).toBeGreaterThan(0);
  });

  it('keeps the selection within the rows, and each selected row gets its own detail', async () => {
    await useCompareStore.getState().open({ trace: failingCheckoutTrace(), label: 'a' }, { trace: good, label: 'b' });
    useCompareStore.getState().step(5);
    expect(useCompareStore.getState().selected).toBe(2);
    await vi.waitFor(() => expect(useCompareStore.getState().detail?.row).toBe(2));
    expect(useCompareStore.getState().detail?.a?.outcome).toBe('threw Error: Amount must be non-zero.');
    useCompareStore.getState().step(-9);
    expect(useCompareStore.getState().selected).toBe(0);
  });

  it('refuses what is not a trace, naming the run, and opens nothing', async () => {
    expect(await useCompareStore.getState().open({ trace: failingCheckoutTrace(), label: 'a' }, { trace: { trace: 'nope' }, label: 'broken.json' })).toBe(false);
    expect(useCompareStore.getState().comparison).toBeUndefined();
    expect(useCompareStore.getState().problem).toMatch(/^Run B \(broken\.json\) is not a trace: /);
  });

  it('names a picked file by its name, and says what to do with one of several traces', async () => {
    const file = new Blob([`${JSON.stringify(good)}\n${JSON.stringify(good)}\n`]);
    expect(await useCompareStore.getState().open({ trace: failingCheckoutTrace(), label: 'a' }, { file, label: 'runs.jsonl' }, 'file')).toBe(false);
    expect(useCompareStore.getState().problem).toBe('runs.jsonl holds 2 traces: open it, tick two in its list and choose Compare.');
  });

  it('closes when another trace starts loading', async () => {
    await useCompareStore.getState().open({ trace: failingCheckoutTrace(), label: 'a' }, { trace: good, label: 'b' });
    useTraceStore.getState().setLocal({ status: 'loading', label: 'next.json', progress: undefined });
    expect(useCompareStore.getState().comparison).toBeUndefined();
  });
});
