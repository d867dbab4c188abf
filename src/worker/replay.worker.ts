// Thin entry of the replay worker. Static imports evaluate first (they touch
// no blocked API); then the sandbox is locked, before any flow code runs.
import * as effect from '../core/effect/index';
import { replayTrace } from '../core/replay/replayTrace';
import { replayFlowSource } from '../core/source/runFlow';
import { lockDown } from './lockdown';
import type { ReplayRequest, ReplayResponse, ReplayRun } from './replay.protocol';

const post = (self as unknown as Worker).postMessage.bind(self);
lockDown(self);

self.onmessage = async (event: MessageEvent<ReplayRequest>) => {
  const request = event.data;
  if (request?.type !== 'replay') return;
  const started = performance.now();
  try {
    const runOne = (run: ReplayRun) =>
      replayFlowSource(
        { files: run.files, exportName: run.exportName, trace: request.trace, ...(run.context ? { context: run.context.value } : {}) },
        effect,
        replayTrace
      );
    const baseline = request.baseline ? await runOne(request.baseline) : undefined;
    const result = await runOne(request.run);
    post({ type: 'done', id: request.id, result, ms: performance.now() - started, ...(baseline ? { baseline } : {}) } satisfies ReplayResponse);
  } catch (error) {
    post({ type: 'crashed', id: request.id, message: error instanceof Error ? error.message : String(error) } satisfies ReplayResponse);
  }
};
