// The waterfall's layout (timing and per-row arrays) for a trace, kept per
// trace so switching back costs nothing. A small trace is laid out at once;
// a big one in slices of a few milliseconds, one task each, so opening the
// waterfall on 100,000 steps never blocks the page for long, however busy
// the machine (until then the view says it is laying out).
import { useEffect, useMemo, useState } from 'react';
import type { TraceModel } from '../../core/trace/model';
import { computeTiming, timingInSlices } from '../../core/trace/timing';
import { buildLaneIndex, laneIndexInSlices, type LaneIndex } from './lanes';

/** Up to this many steps, at once: a few milliseconds. */
const AT_ONCE_STEPS = 20_000;
/** Nodes between looks at the clock. */
const SLICE_NODES = 2_000;
/** How long one task may run before giving the page a turn. */
const TASK_MS = 8;

const layouts = new WeakMap<TraceModel, LaneIndex>();

function* layOutInSlices(model: TraceModel): Generator<void, LaneIndex, void> {
  const timing = yield* timingInSlices(model, SLICE_NODES);
  return yield* laneIndexInSlices(timing, model.steps, SLICE_NODES);
}

/** A small trace's layout, kept; how long it took is left in a performance entry (timescope:waterfall-layout). */
function layOutAtOnce(model: TraceModel): LaneIndex {
  const started = performance.now();
  const index = buildLaneIndex(computeTiming(model), model.steps);
  performance.measure('timescope:waterfall-layout', { start: started, detail: { steps: model.steps.length, rows: index.rows.length, tasks: 1 } });
  layouts.set(model, index);
  return index;
}

/** The layout of `model`, or undefined while a big one is still being made. */
export function useLayout(model: TraceModel): LaneIndex | undefined {
  const atOnce = useMemo(() => layouts.get(model) ?? (model.steps.length <= AT_ONCE_STEPS ? layOutAtOnce(model) : undefined), [model]);
  const [sliced, setSliced] = useState<{ model: TraceModel; index: LaneIndex }>();

  useEffect(() => {
    if (atOnce) return;
    const work = layOutInSlices(model);
    // A MessageChannel hop between slices: nested setTimeouts are clamped to 4 ms.
    const channel = new MessageChannel();
    const started = performance.now();
    let tasks = 0;
    let longestMs = 0;
    channel.port1.onmessage = () => {
      const from = performance.now();
      const until = from + TASK_MS;
      let step = work.next();
      while (!step.done && performance.now() < until) step = work.next();
      tasks++;
      longestMs = Math.max(longestMs, performance.now() - from);
      if (!step.done) return channel.port2.postMessage(null);
      channel.port1.close();
      performance.measure('timescope:waterfall-layout', { start: started, detail: { steps: model.steps.length, rows: step.value.rows.length, tasks, longestMs } });
      layouts.set(model, step.value);
      setSliced({ model, index: step.value });
    };
    channel.port2.postMessage(null);
    return () => channel.port1.close();
  }, [model, atOnce]);

  return atOnce ?? (sliced?.model === model ? sliced.index : undefined);
}
