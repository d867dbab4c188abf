// A Command the person's new code asked for where the recording has none (or has another): a row of
// its own under the filter, marked new or out of order, since the list holds only recorded steps.
// Pressing it shows the line that asked for it.
import { useMemo } from 'react';
import type { TraceModel } from '../../core/trace/model';
import { divergenceOf } from '../../core/present/divergence';
import { useLastReplay } from '../../stores/useLastReplay';
import { useReplayStore } from '../../stores/replayStore';

export function AskedOnlyNow({ model }: { model: TraceModel }) {
  const last = useLastReplay();
  const mine = last && !last.auto ? last : undefined;
  const asked = useMemo(() => (mine ? divergenceOf(mine.report, model)?.asked : undefined), [mine, model]);
  if (!asked || !mine) return null;
  const location = asked.step.location;
  const show = () => {
    if (location) useReplayStore.getState().setFocus(location);
  };
  return (
    <button
      type="button"
      onClick={show}
      className="flex w-full shrink-0 items-center gap-2 border-b border-line bg-paradox-soft px-2 py-1 text-left text-[12px] hover:bg-raised"
      aria-label={`${asked.name}, ${asked.isNew ? 'new' : 'out of order'}: ${asked.text}${mine.stale ? ' (stale: edited since the replay)' : ''}`}
      data-testid="asked-now"
    >
      <span className="shrink-0 whitespace-nowrap font-mono font-semibold">+ {asked.name}</span>
      <span className="shrink-0 whitespace-nowrap rounded border border-paradox/60 px-1 text-[10px] font-semibold uppercase text-paradox">
        {asked.isNew ? 'new' : 'out of order'}
      </span>
      <span className="min-w-0 truncate text-muted">
        {asked.text}
        {mine.stale ? ' (stale)' : ''}
      </span>
      <span className="ml-auto shrink-0 font-mono text-[11px] text-muted">{asked.path}</span>
    </button>
  );
}
