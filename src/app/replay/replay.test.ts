// runReplay turns each way a replay can end into what the verdict banner shows:
// the sandbox's JSON answer into a verdict, the time limit and the sandbox's
// death into failures of their own kind. The sandbox itself is a stand-in.
import { readFileSync } from 'node:fs';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { parseTraceText } from '../../core/trace/parse';
import type { TraceModel } from '../../core/trace/model';
import { HOSTILE_TRACE } from '../../../test/corpus/hostile';
import { useReplayStore } from '../../stores/replayStore';
import { useSourceStore } from '../../stores/sourceStore';
import { ReplayOutOfMemory, ReplayTimeout } from '../../worker/replayErrors';

const replayInWorker = vi.fn();
vi.mock('../../worker/replayClient', () => ({ replayInWorker: (...args: unknown[]) => replayInWorker(...args) }));
const { runReplay } = await import('./replay');

const parsed = parseTraceText(readFileSync(HOSTILE_TRACE, 'utf8'), 'trace.json');
if (parsed.kind !== 'trace') throw new Error('the corpus trace must parse');
const model: TraceModel = parsed.model;

/** A report as the sandbox's JSON would carry it, rejected with what describeThrown said of a Symbol. */
const symbolThrown = {
  kind: 'report',
  exportName: 'hostileFlow',
  entry: 'flow.js',
  report: {
    status: 'rejected',
    rejection: { error: { __error: true }, text: { name: 'a Symbol', message: 'The flow threw a Symbol, Symbol(boom), which is not an Error and has no message.' } },
    unreached: [],
    narration: [],
    steps: []
  }
};

describe('runReplay', () => {
  beforeEach(() => {
    replayInWorker.mockReset();
    useSourceStore.setState({ files: [{ name: 'flow.js', text: 'export const hostileFlow = () => 0;' }] });
    useReplayStore.getState().openTrace('t');
  });

  it('shows what the flow threw as the report describes it: a Symbol reads as a Symbol', async () => {
    replayInWorker.mockResolvedValue({ result: symbolThrown, ms: 4 });
    await runReplay(model);
    const run = useReplayStore.getState().run;
    expect(run).toMatchObject({ status: 'done', verdict: { kind: 'flow-error', name: 'a Symbol', message: expect.stringContaining('Symbol(boom)') } });
  });

  it('tells the time limit from the sandbox running out of memory', async () => {
    replayInWorker.mockRejectedValueOnce(new ReplayTimeout(1500));
    await runReplay(model);
    expect(useReplayStore.getState().run).toMatchObject({ status: 'failed', reason: 'timeout', message: expect.stringContaining('did not finish within 1.5 s') });
    replayInWorker.mockRejectedValueOnce(new ReplayOutOfMemory());
    await runReplay(model);
    expect(useReplayStore.getState().run).toMatchObject({ status: 'failed', reason: 'memory', message: expect.stringContaining("The replay's sandbox stopped") });
  });

  it('shows the verdict as soon as it is known, while the rest of the answer is on its way, and the answer then replaces it', async () => {
    let answer: (done: unknown) => void = () => undefined;
    replayInWorker.mockImplementationOnce((_m, _r, _t, onEarly: (early: unknown) => void) => {
      setTimeout(() => onEarly({ result: symbolThrown, ms: 3 }), 1);
      return new Promise((resolve) => (answer = resolve));
    });
    const replaying = runReplay(model);
    await vi.waitFor(() => expect(useReplayStore.getState().run).toHaveProperty('early'));
    const early = useReplayStore.getState().run;
    expect(early).toMatchObject({ status: 'running', early: { ms: 3, verdict: { kind: 'flow-error', name: 'a Symbol' } } });
    answer({ result: symbolThrown, ms: 3 });
    await replaying;
    expect(useReplayStore.getState().run).toMatchObject({ status: 'done', ms: 3, verdict: { kind: 'flow-error', name: 'a Symbol' } });
    expect(useReplayStore.getState().run).not.toHaveProperty('early');
  });

  it("drops a replaced replay's early verdict: the newer replay's run stays as it is", async () => {
    let late: (early: unknown) => void = () => undefined;
    replayInWorker.mockImplementationOnce((_m, _r, _t, onEarly: (early: unknown) => void) => {
      late = onEarly;
      return Promise.reject(new DOMException('replaced', 'AbortError'));
    });
    await runReplay(model);
    const newer = { status: 'running', startedAt: -1, auto: false } as const;
    useReplayStore.setState({ run: newer });
    late({ result: symbolThrown, ms: 3 });
    expect(useReplayStore.getState().run).toBe(newer);
  });

  it('sends the time limit the person chose, and leaves a replaced replay alone', async () => {
    useReplayStore.getState().setTimeoutMs(2500);
    replayInWorker.mockRejectedValueOnce(new DOMException('replaced', 'AbortError'));
    useReplayStore.setState({ run: { status: 'idle' } });
    await runReplay(model);
    expect(replayInWorker.mock.calls[0]![2]).toBe(2500);
    expect(useReplayStore.getState().run.status).toBe('running');
  });
});

describe("runReplay with the settings' fixed clock and seed", () => {
  beforeEach(() => {
    replayInWorker.mockReset();
    replayInWorker.mockResolvedValue({ result: symbolThrown, ms: 4 });
    useSourceStore.setState({ files: [{ name: 'flow.js', text: 'export const hostileFlow = () => 0;' }] });
    useReplayStore.getState().openTrace('t');
  });

  it('sends none by default, and both to the edit and the recorded code once set; the run keeps what it replayed with', async () => {
    const { useSettingsStore } = await import('../../stores/settingsStore');
    await runReplay(model);
    expect(replayInWorker.mock.calls[0]![1].run).not.toHaveProperty('ambient');

    useSettingsStore.getState().setReplayClock(Date.UTC(2026, 0, 1));
    useSettingsStore.getState().setReplaySeed(7);
    useReplayStore.getState().edit('flow.js', 'export const hostileFlow = () => 1;', 'export const hostileFlow = () => 0;');
    await runReplay(model);
    const ambient = { clock: Date.UTC(2026, 0, 1), seed: 7 };
    const request = replayInWorker.mock.calls[1]![1] as { run: { ambient?: unknown }; baseline?: { ambient?: unknown } };
    expect(request.run.ambient).toEqual(ambient);
    expect(request.baseline?.ambient).toEqual(ambient);
    expect(useReplayStore.getState().run).toMatchObject({ status: 'done', ambient });
    useSettingsStore.getState().setReplayClock(null);
    useSettingsStore.getState().setReplaySeed(null);
  });
});

describe('runReplay with logpoints', () => {
  const original = 'export const hostileFlow = () => {\n  const a = 1;\n  return a;\n};';
  beforeEach(async () => {
    replayInWorker.mockReset();
    replayInWorker.mockResolvedValue({ result: symbolThrown, ms: 4 });
    useSourceStore.setState({ files: [{ name: 'flow.js', text: original }] });
    useReplayStore.getState().openTrace('t');
    const { useLogpointStore } = await import('../../stores/logpointStore');
    const { traceIdentity } = await import('../../core/trace/identity');
    useLogpointStore.getState().openTrace(traceIdentity(model), { points: [] });
    useLogpointStore.getState().add('flow.js', 3, 'a');
    useLogpointStore.getState().add('flow.js', 2, 'a = 2');
  });

  it("sends the accepted ones with the run, never a refused one, and the baseline gets them on the recorded code's lines", async () => {
    // Two lines typed above: the logpoint on `return a` is on line 5 of the edited code, line 3 of the recorded.
    const { useLogpointStore } = await import('../../stores/logpointStore');
    useLogpointStore.setState((s) => ({ points: s.points.map((p) => (p.line === 3 ? { ...p, line: 5 } : p)) }));
    useReplayStore.getState().edit('flow.js', `// a\n// b\n${original}`, original);
    await runReplay(model);
    const request = replayInWorker.mock.calls[0]![1] as { run: { logpoints?: { line: number; expr: string }[] }; baseline?: { logpoints?: { line: number; expr: string }[] } };
    expect(request.run.logpoints?.map((p) => [p.line, p.expr])).toEqual([[5, 'a']]);
    expect(request.baseline?.logpoints?.map((p) => [p.line, p.expr])).toEqual([[3, 'a']]);
  });
});
