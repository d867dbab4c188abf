// Answers the editor's hover questions (stores/hoverValueStore.ts): one more replay of the code on
// screen, with the context and what-ifs of the person's replay, and one temporary logpoint (the
// hovered line, the hovered expression). It runs beside the person's replay (replayAside): it
// neither cancels theirs nor counts as one, and a newer hover stops the one before.
import { useEffect } from 'react';
import type { TraceModel } from '../../core/trace/model';
import { useHoverValueStore, type HoverAsk } from '../../stores/hoverValueStore';
import { useReplayStore } from '../../stores/replayStore';
import { replayAside } from '../../worker/replayClient';
import { runInputs } from './replay';
import { HOVER_LOGPOINT_ID } from '../../core/logpoints/present';

export function useHoverEvaluation(model: TraceModel | undefined) {
  useEffect(() => {
    if (!model) return;
    useHoverValueStore.getState().clear();
    let current: AbortController | undefined;
    const answer = async (ask: HoverAsk) => {
      current?.abort();
      const controller = (current = new AbortController());
      const store = useHoverValueStore.getState();
      store.answer(ask.key, { status: 'running' });
      try {
        const inputs = await runInputs(model);
        if (!inputs.ok) {
          store.answer(ask.key, { status: 'failed', message: inputs.message });
          return;
        }
        const run = { ...inputs.run, files: ask.files, logpoints: [{ id: HOVER_LOGPOINT_ID, file: ask.file, line: ask.line, expr: ask.expr }] };
        const done = await replayAside(model, { run }, useReplayStore.getState().timeoutMs, controller.signal);
        const result = done.result;
        if (result.kind === 'report') store.answer(ask.key, { status: 'done', report: result.report });
        else store.answer(ask.key, { status: 'failed', message: result.kind === 'compile-error' ? `The code does not compile: ${result.message}` : 'The flow could not be replayed as it is.' });
      } catch (error) {
        const message = error instanceof DOMException && error.name === 'AbortError' ? 'stopped for a newer hover' : error instanceof Error ? error.message : String(error);
        useHoverValueStore.getState().answer(ask.key, { status: 'failed', message });
      }
    };
    return useHoverValueStore.subscribe((s, prev) => {
      if (s.asked && s.asked !== prev.asked) void answer(s.asked);
    });
  }, [model]);
}
