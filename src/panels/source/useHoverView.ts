// The value under the mouse in the editor: the editor says what the mouse rests on, this asks the
// hover store (the app shell replays with a temporary logpoint there) and turns the answer into
// words as of the selected step. Code that came with a link is not run for a hover until the
// person has pressed Replay.
import { useCallback, useMemo, useState } from 'react';
import type { TraceModel } from '../../core/trace/model';
import type { HoverTarget, HoverView } from '../../editor/types';
import { HOVER_LOGPOINT_ID, hoverWords } from '../../core/logpoints/present';
import { useHoverValueStore } from '../../stores/hoverValueStore';
import type { SourceFile } from '../../stores/sourceStore';
import { useAutoReplayBlocker } from '../../stores/autoReplay';
import { useReplayStore } from '../../stores/replayStore';

export function useHoverView(model: TraceModel | undefined, files: readonly SourceFile[], selected: number) {
  const [target, setTarget] = useState<{ at: HoverTarget; key: string | undefined } | undefined>(undefined);
  const blocked = useAutoReplayBlocker();
  const replayed = useReplayStore((s) => s.started > 0);
  const mayRun = blocked === undefined || (blocked === 'link' && replayed);
  const onHover = useCallback(
    (at: HoverTarget | undefined) => {
      if (!at) return setTarget(undefined);
      const key = mayRun ? useHoverValueStore.getState().ask({ file: at.file, line: at.line, expr: at.expr, files }) : undefined;
      setTarget({ at, key });
    },
    [files, mayRun]
  );
  const answer = useHoverValueStore((s) => (target?.key ? s.answers[target.key] : undefined));
  const hover = useMemo<HoverView | undefined>(() => {
    if (!target || !model) return undefined;
    const { at } = target;
    if (!target.key) return { ...at, text: `${at.expr}: this code came with a link; press Replay to run it, then hover again`, tone: 'muted', busy: false };
    if (!answer || answer.status === 'running') return { ...at, text: `${at.expr}: evaluating…`, tone: 'muted', busy: true };
    if (answer.status === 'failed') return { ...at, text: `${at.expr}: ${answer.message}`, tone: 'error', busy: false };
    const words = hoverWords(answer.report, HOVER_LOGPOINT_ID, at.expr, selected, model.steps.at(selected)?.command);
    return { ...at, ...words, busy: false };
  }, [target, answer, model, selected]);
  return { hover, onHover };
}
