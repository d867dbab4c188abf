// Minimize the open incident: delta debugging (core/minimize) over its input, context and recorded
// answers, its candidates replayed against the recorded code in the sandbox's batch workers, one
// per core (app/replay/recordedReplay.ts), so a candidate that loops or hoards memory is stopped at
// the limits and counted "not the same failure". Progress and Cancel go through the minimize store.
import type { TraceModel } from '../../core/trace/model';
import { traceIdentity } from '../../core/trace/identity';
import { useMinimizeStore } from '../../stores/minimizeStore';
import { recordedReplayer } from '../replay/recordedReplay';

/** Replays a minimization may run before it stops and says how far it got (the CLI's --budget default too). */
export const APP_BUDGET = 300;

export async function runMinimize(model: TraceModel): Promise<void> {
  const store = useMinimizeStore.getState();
  const traceId = traceIdentity(model);
  const controller = new AbortController();
  const live = () => useMinimizeStore.getState().traceId === traceId && useMinimizeStore.getState().state.status === 'running';
  store.set(traceId, { status: 'running', progress: undefined, cancel: () => controller.abort() });
  const replayer = recordedReplayer(model, controller.signal);
  try {
    if (!replayer) throw new Error("Open the flow's source first: minimizing replays the recorded code on every candidate.");
    const [{ minimizeIncident, notMinimizable }, { keptFields }] = await Promise.all([import('../../core/minimize/minimize'), import('../../core/minimize/kept')]);
    const raw = await replayer.raw();
    const original = await replayer.replay(raw);
    if (!original) throw new Error('The incident itself does not replay with this code (a compile error, the time limit or memory): see the verdict.');
    const refused = notMinimizable(original);
    if (refused) throw new Error(`This incident cannot be minimized: ${refused}.`);
    // A round cut short by Cancel answers nothing; ddmin then sees the signal and stops with what it has.
    const m = await minimizeIncident(raw, original, (t) => replayer.replay(t).catch(() => undefined), {
      budget: APP_BUDGET,
      parallel: replayer.parallel,
      signal: controller.signal,
      onProgress: (progress) => live() && useMinimizeStore.getState().set(traceId, { status: 'running', progress, cancel: () => controller.abort() })
    });
    const trace = m.trace as Record<string, unknown>;
    if (useMinimizeStore.getState().traceId !== traceId) return;
    useMinimizeStore.getState().set(traceId, {
      status: 'done',
      result: { trace, manifest: m.manifest, minimal: m.minimal, ...(m.stopped ? { stopped: m.stopped } : {}), replays: m.replays, kept: keptFields(trace) }
    });
  } catch (error) {
    if (useMinimizeStore.getState().traceId !== traceId) return;
    useMinimizeStore.getState().set(traceId, { status: 'failed', message: error instanceof Error ? error.message : String(error) });
  } finally {
    replayer?.close();
  }
}
