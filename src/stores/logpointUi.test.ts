// The stores the logpoints' panels share: the drawer's two panels, the replay counter, the hover's answers.
import { beforeEach, describe, expect, it } from 'vitest';
import { useViewStore } from './viewStore';
import { useReplayStore } from './replayStore';
import { hoverKey, useHoverValueStore } from './hoverValueStore';

describe('the drawer', () => {
  beforeEach(() => useViewStore.setState({ narrationOpen: false, drawer: 'narration' }));
  it('opens on the narration or the logs, switches between them, and closes on the one it shows', () => {
    const view = useViewStore.getState();
    view.toggleLogs();
    expect(useViewStore.getState()).toMatchObject({ narrationOpen: true, drawer: 'logs' });
    view.toggleNarration();
    expect(useViewStore.getState()).toMatchObject({ narrationOpen: true, drawer: 'narration' });
    view.toggleNarration();
    expect(useViewStore.getState().narrationOpen).toBe(false);
    view.toggleLogs(true);
    view.toggleNarration(false);
    expect(useViewStore.getState()).toMatchObject({ narrationOpen: true, drawer: 'logs' });
    view.toggleLogs(false);
    expect(useViewStore.getState().narrationOpen).toBe(false);
  });
});

describe('replays started', () => {
  it('counts each replay that starts, from 0 for each trace', () => {
    const store = useReplayStore.getState();
    store.openTrace('t1');
    store.setRun({ status: 'running', startedAt: 0, auto: true });
    store.setRun({ status: 'failed', message: 'x', reason: 'input' });
    store.setRun({ status: 'running', startedAt: 1, auto: false });
    expect(useReplayStore.getState().started).toBe(2);
    store.openTrace('t2');
    expect(useReplayStore.getState().started).toBe(0);
  });
});

describe('hover answers', () => {
  const files = [{ name: 'flow.ts', text: 'const total = 0;' }];
  it('asks once per (files, line, expression), again after a failure, and keys on the code', () => {
    const store = useHoverValueStore.getState();
    store.clear();
    const key = store.ask({ file: 'flow.ts', line: 1, expr: 'total', files });
    expect(useHoverValueStore.getState().asked?.key).toBe(key);
    store.answer(key, { status: 'running' });
    useHoverValueStore.setState({ asked: undefined });
    store.ask({ file: 'flow.ts', line: 1, expr: 'total', files });
    expect(useHoverValueStore.getState().asked).toBeUndefined();
    store.answer(key, { status: 'failed', message: 'stopped' });
    store.ask({ file: 'flow.ts', line: 1, expr: 'total', files });
    expect(useHoverValueStore.getState().asked?.key).toBe(key);
    expect(hoverKey([{ name: 'flow.ts', text: 'const total = 1;' }], 'flow.ts', 1, 'total')).not.toBe(key);
  });
});
