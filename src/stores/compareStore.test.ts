import { beforeEach, describe, expect, it, vi } from 'vitest';

// The store fills outlines from the engine worker; these tests open raw traces and models, which need none.
vi.mock('../worker/engineClient', () => ({ fullModel: vi.fn() }));

const { useCompareStore } = await import('./compareStore');
const { useTraceStore } = await import('./traceStore');
const { failingCheckoutTrace, recordCheckout } = await import('../core/compare/test-support/checkoutRuns');

describe('the compare store', async () => {
  const good = (await recordCheckout()).trace;
  beforeEach(() => useCompareStore.getState().close());

  it('opens two raw traces with the first difference selected', () => {
    expect(useCompareStore.getState().open({ trace: failingCheckoutTrace(), label: 'incident' }, { trace: good, label: 'good' })).toBe(true);
    const s = useCompareStore.getState();
    expect(s.comparison?.a.label).toBe('incident');
    expect(s.comparison?.alignment.rows.map((r) => r.mark)).toEqual(['same', 'value-changed', 'value-changed']);
    expect(s.selected).toBe(1);
  });

  it('keeps the selection within the rows', () => {
    useCompareStore.getState().open({ trace: failingCheckoutTrace(), label: 'a' }, { trace: good, label: 'b' });
    useCompareStore.getState().step(5);
    expect(useCompareStore.getState().selected).toBe(2);
    useCompareStore.getState().step(-9);
    expect(useCompareStore.getState().selected).toBe(0);
  });

  it('refuses what is not a trace, naming the run, and opens nothing', () => {
    expect(useCompareStore.getState().open({ trace: failingCheckoutTrace(), label: 'a' }, { trace: { trace: 'nope' }, label: 'broken.json' })).toBe(false);
    expect(useCompareStore.getState().comparison).toBeUndefined();
    expect(useCompareStore.getState().problem).toMatch(/^Run B \(broken\.json\) is not a trace: /);
  });

  it('closes when another trace starts loading', () => {
    useCompareStore.getState().open({ trace: failingCheckoutTrace(), label: 'a' }, { trace: good, label: 'b' });
    useTraceStore.getState().setLocal({ status: 'loading', label: 'next.json', progress: undefined });
    expect(useCompareStore.getState().comparison).toBeUndefined();
  });
});
