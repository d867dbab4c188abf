// The pipeline's value before and after the selected step, as the replay saw
// it, and what the step changed: `total: 120 → 0` is usually the bug.
import type { TraceStep } from '../../core/trace/model';
import { diffValues } from '../../core/present/diff';
import { replayStepOf } from '../../core/verdict/overlay';
import { JsonValue } from '../../components/JsonValue';
import { ChangeList } from './ReceivedView';
import { useLastReplay } from '../../stores/useLastReplay';

export function PipelineView({ step }: { step: TraceStep }) {
  const last = useLastReplay();
  const report = last?.report;
  if (!report) {
    return <p className="text-[12px] text-muted">Replay the flow to see the pipeline&apos;s value before and after each step (Replay, or Ctrl+Enter).</p>;
  }
  const replayed = replayStepOf(report, step.index);
  if (!replayed) return <p className="text-[12px] text-muted">The last replay did not reach this step.</p>;
  if (!replayed.hasBefore && !replayed.hasAfter) {
    return (
      <p className="text-[12px] text-muted">
        {report.pipelineLimited
          ? 'No pipeline value was kept for this step: the flow’s values grew past the 64 MB the replay keeps for pipeline views, so later steps keep none.'
          : 'No pipeline value was captured for this step.'}
      </p>
    );
  }
  const changes = replayed.hasBefore && replayed.hasAfter ? diffValues(replayed.before, replayed.after) : [];
  return (
    <div className="space-y-3">
      {replayed.hasBefore && replayed.hasAfter && (
        <div>
          <h3 className="text-[11px] font-semibold uppercase tracking-wide text-muted">What this step changed</h3>
          {changes.length === 0 ? (
            <p className="text-[12px] text-muted">Nothing: the value passed on equals the value received.</p>
          ) : (
            <ChangeList changes={changes} label="Pipeline changes" />
          )}
        </div>
      )}
      <div>
        <h3 className="text-[11px] font-semibold uppercase tracking-wide text-muted">Pipeline before</h3>
        {replayed.hasBefore ? <JsonValue value={replayed.before} label="pipeline before" /> : <p className="text-[12px] text-muted">—</p>}
      </div>
      <div>
        <h3 className="text-[11px] font-semibold uppercase tracking-wide text-muted">Pipeline after</h3>
        {replayed.hasAfter ? <JsonValue value={replayed.after} label="pipeline after" /> : <p className="text-[12px] text-muted">The step did not pass a value on (it threw, or its next failed).</p>}
      </div>
    </div>
  );
}
