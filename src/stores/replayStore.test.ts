import { describe, expect, it } from 'vitest';
import { shownReplay, useReplayStore } from './replayStore';

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

describe('replayStore while a replay runs', () => {
  const done = (ms: number) =>
    ({ status: 'done', result: { kind: 'no-flow', message: 'x' }, report: undefined, verdict: undefined, ms, edited: false, auto: false, files: [], overrides: [] }) as const;

  it('keeps showing the last finished replay until the next one answers, and never across traces', () => {
    const store = useReplayStore;
    store.getState().openTrace('trace-e');
    store.getState().setRun({ status: 'running', startedAt: 1, auto: true });
    expect(shownReplay(store.getState().run)).toBeUndefined();
    store.getState().setRun(done(5));
    store.getState().setRun({ status: 'running', startedAt: 2, auto: false });
    expect(shownReplay(store.getState().run)).toMatchObject({ ms: 5 });
    // A second replay pressed while one runs: the finished one is still the one shown.
    store.getState().setRun({ status: 'running', startedAt: 3, auto: false });
    expect(shownReplay(store.getState().run)).toMatchObject({ ms: 5 });
    store.getState().setRun(done(7));
    expect(shownReplay(store.getState().run)).toMatchObject({ ms: 7 });
    store.getState().setRun({ status: 'failed', message: 'x', reason: 'sandbox' });
    expect(shownReplay(store.getState().run)).toBeUndefined();
    store.getState().setRun(done(9));
    store.getState().openTrace('trace-f');
    store.getState().setRun({ status: 'running', startedAt: 4, auto: true });
    expect(shownReplay(store.getState().run)).toBeUndefined();
  });

  it("takes a replay's early verdict only while that replay is the one running", () => {
    const store = useReplayStore;
    store.getState().openTrace('trace-g');
    store.getState().setRun({ status: 'running', startedAt: 1, auto: false });
    const first = store.getState().run;
    const { status: _status, ...early } = done(3);
    store.getState().showEarly(first, early);
    expect(store.getState().run).toMatchObject({ status: 'running', startedAt: 1, early: { ms: 3 } });
    const started = store.getState().started;
    store.getState().setRun({ status: 'running', startedAt: 2, auto: false });
    store.getState().showEarly(first, early);
    expect(store.getState().run).toMatchObject({ status: 'running', startedAt: 2 });
    expect(store.getState().run).not.toHaveProperty('early');
    expect(store.getState().started).toBe(started + 1);
  });
});
