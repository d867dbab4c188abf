// The what-ifs are kept per trace as they change, read back (only what has an override's shape)
// when the trace opens again, and never mixed between traces.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StepOverride } from '../core/whatif/apply';

async function storeOver(map: Map<string, string>) {
  vi.stubGlobal('localStorage', {
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k)
  });
  vi.resetModules();
  return import('./whatIfStore');
}

afterEach(() => vi.unstubAllGlobals());

const receipt: StepOverride = { at: '2', kind: 'result', value: { status: 'succeeded' } };
const thrown: StepOverride = { at: '1', kind: 'throw', error: { name: 'E', message: 'm' } };

describe('whatIfStore', () => {
  it('saves each change for its trace and brings it back in a new page', async () => {
    const map = new Map<string, string>();
    const { useWhatIfStore } = await storeOver(map);
    const s = useWhatIfStore.getState();
    s.openTrace('checkout-a');
    s.put(receipt);
    s.put(thrown);
    s.put({ ...receipt, value: { status: 'waived' } });
    expect(useWhatIfStore.getState().overrides).toEqual([thrown, { ...receipt, value: { status: 'waived' } }]);
    expect(JSON.parse(map.get('timescope.whatif.checkout-a')!)).toEqual(useWhatIfStore.getState().overrides);

    const again = await storeOver(map);
    again.useWhatIfStore.getState().openTrace('checkout-a');
    expect(again.useWhatIfStore.getState().overrides).toEqual([thrown, { ...receipt, value: { status: 'waived' } }]);
    again.useWhatIfStore.getState().openTrace('other');
    expect(again.useWhatIfStore.getState().overrides).toEqual([]);
  });

  it('removing the last one clears its key; Forget clears it too', async () => {
    const map = new Map<string, string>();
    const { useWhatIfStore, forgetWhatIfs } = await storeOver(map);
    useWhatIfStore.getState().openTrace('t');
    useWhatIfStore.getState().put(receipt);
    useWhatIfStore.getState().remove('2');
    expect(map.has('timescope.whatif.t')).toBe(false);
    useWhatIfStore.getState().put(receipt);
    forgetWhatIfs(['t']);
    expect(map.has('timescope.whatif.t')).toBe(false);
    expect(useWhatIfStore.getState().overrides).toEqual([]);
  });

  it('reads back only entries with an override’s shape', async () => {
    const map = new Map([['timescope.whatif.t', JSON.stringify([receipt, { at: '1', kind: 'throw' }, { at: '0p', kind: 'cancelled', branch: -1 }, 'junk'])]]);
    const { useWhatIfStore } = await storeOver(map);
    useWhatIfStore.getState().openTrace('t');
    expect(useWhatIfStore.getState().overrides).toEqual([receipt]);
  });
});
