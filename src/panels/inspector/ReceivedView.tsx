// The value the selected step received, from a replay: on a failing step it
// is usually the answer (`total: 0`). Shown with what the step before it
// changed, so the culprit upstream is one glance away.
import type { TraceStep } from '../../core/trace/model';
import type { ReplayReport } from '../../core/replay/report';
import type { ValueChange } from '../../core/present/diff';
import { upstreamOf } from '../../core/present/upstream';
import { preview } from '../../core/present/step-text';
import { replayStepOf } from '../../core/verdict/overlay';
import { JsonValue } from '../../components/JsonValue';

export function ChangeList({ changes, label }: { changes: readonly ValueChange[]; label: string }) {
  return (
    <ul className="mt-1 space-y-0.5 font-mono text-[12px]" aria-label={label}>
      {changes.map((c) => (
        <li key={`${c.kind}:${c.path}`} className="break-words">
          <span className="font-semibold">{c.path}</span>
          {': '}
          {c.kind === 'added' ? (
            <span className="text-ok">+ {preview(c.after)}</span>
          ) : c.kind === 'removed' ? (
            <span className="text-err">− {preview(c.before)}</span>
          ) : (
            <>
              <span className="text-err line-through decoration-1">{preview(c.before)}</span> → <span className="text-ok">{preview(c.after)}</span>
            </>
          )}
        </li>
      ))}
    </ul>
  );
}

export function ReceivedView({ step, report, heading = 'It received' }: { step: TraceStep; report: ReplayReport; heading?: string }) {
  const replayed = replayStepOf(report, step.index);
  if (!replayed) return <p className="text-[12px] text-muted">This replay did not reach the step.</p>;
  if (!replayed.hasBefore) return <p className="text-[12px] text-muted">No value was captured for what this step received.</p>;
  const upstream = upstreamOf(report, step.index).change;
  return (
    <div>
      <h3 className="text-[11px] font-semibold uppercase tracking-wide text-muted">{heading}</h3>
      {upstream && (
        <div className="mt-1 rounded border border-line bg-raised/60 px-2 py-1">
          <p className="text-[11px] text-muted">
            changed on the way here, by <span className="font-mono">{upstream.by}</span>:
          </p>
          <ChangeList changes={upstream.changes} label="Changed on the way here" />
        </div>
      )}
      <div className="mt-1">
        <JsonValue value={replayed.before} label="value the step received" />
      </div>
    </div>
  );
}
