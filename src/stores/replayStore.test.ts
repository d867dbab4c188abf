import { describe, expect, it } from 'vitest';
import { useReplayStore } from './replayStore';

describe('replayStore.openTrace', () => {
  it('opens a trace with the context it came with (a shared incident), else none, and always a fresh run', () => {
    const store = useReplayStore;
    store.getState().openTrace('trace-a');
    store.getState().setContextText('{"tenant":"left-over"}');
    store.getState().openTrace('trace-b', { contextText: '{"tenant":"t1"}' });
    expect(store.getState()).toMatchObject({ traceId: 'trace-b', contextText: '{"tenant":"t1"}', run: { status: 'idle' } });
    store.getState().openTrace('trace-c');
    expect(store.getState()).toMatchObject({ traceId: 'trace-c', contextText: undefined });
  });

  it('takes what a corpus row carried, once', () => {
    const store = useReplayStore;
    store.getState().carryToNextTrace({ 'flow.ts': 'export const fixed = 1;' }, 'checkoutFlow');
    store.getState().openTrace('trace-d');
    expect(store.getState()).toMatchObject({ traceId: 'trace-d', edits: { 'flow.ts': 'export const fixed = 1;' }, exportName: 'checkoutFlow', carried: undefined });
  });
});
