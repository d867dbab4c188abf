// The value the selected step received, from a replay: on a failing step it
// is usually the answer (`total: 0`). Shown with what the step before it
// changed, so the culprit upstream is one glance away.
import type { TraceModel, TraceStep } from '../../core/trace/model';
import type { ReplayReport } from '../../core/replay/report';
import type { ValueChange } from '../../core/present/diff';
import { errorsOf, shortError, whyOf } from '../../core/present/why';
import { preview } from '../../core/present/step-text';
import { replayStepOf } from '../../core/verdict/overlay';
import { JsonValue } from '../../components/JsonValue';
import { useMemo } from 'react';
import { redactedMarkInText, redactedValuesIn } from '../../core/redact/redactedReads';

/** The message of the Failure the replay ended with: what the flow itself said, perhaps quoting a value it read. */
function failureMessage(report: ReplayReport): string | undefined {
  const error = report.result?.type === 'Failure' ? report.result.error : undefined;
  const message = typeof error === 'object' && error !== null ? (error as { message?: unknown }).message : error;
  return typeof message === 'string' ? message : undefined;
}

/**
 * The flow read a value the recording holds only masked: the step received it, or its error quotes it.
 * The replay then ran on the mask, not production's value, and can fail differently.
 */
function RedactedReadNote({ received, errorText }: { received: unknown; errorText: string | undefined }) {
  // Walked once per value, not on every render of the step details (a step change re-renders them).
  const reads = useMemo(() => redactedValuesIn(received, 3), [received]);
  const quoted = errorText ? redactedMarkInText(errorText) : undefined;
  if (!reads.length && !quoted) return null;
  const where = reads.length
    ? `this step received ${reads.map((r) => (r.path ? `${r.path} = ${r.mark}` : r.mark)).join(', ')}`
    : `the Failure it led to quotes ${quoted}`;
  return (
    <p className="mt-1 rounded border border-warn/60 px-2 py-1 text-[12px] text-warn" data-testid="redacted-read">
      Redacted before it reached you: {where}. The flow read a masked value, not what production saw, so its replay can fail differently from the incident.
    </p>
  );
}

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

export function ReceivedView({
  model,
  step,
  report,
  heading = 'It received',
  carried = false
}: {
  model: TraceModel;
  step: TraceStep;
  report: ReplayReport;
  heading?: string;
  /** the facts came with a link: say whose replay found them */
  carried?: boolean;
}) {
  const replayed = replayStepOf(report, step.index);
  if (!replayed) return <p className="text-[12px] text-muted">This replay did not reach the step.</p>;
  if (!replayed.hasBefore) return <p className="text-[12px] text-muted">No value was captured for what this step received.</p>;
  const why = whyOf(report, step.index, errorsOf(model.steps));
  return (
    <div>
      <h3 className="text-[11px] font-semibold uppercase tracking-wide text-muted">{heading}</h3>
      <div className="mt-1 rounded border border-line bg-raised/60 px-2 py-1" data-testid="received-why">
        <p className="text-[11px] text-muted">{why.sentence}:</p>
        {why.changes.length > 0 && <ChangeList changes={why.changes} label="Changed on the way here" />}
        {carried && (
          <p className="mt-1 text-[11px] text-muted" data-testid="received-carried">
            As the sender's replay of the recorded code found it. Press Replay to check it here.
          </p>
        )}
        {why.hasLastError && (
          <p className="mt-1 font-mono text-[12px] text-err" data-testid="last-error">
            last error: {shortError(why.lastError)}
          </p>
        )}
      </div>
      <RedactedReadNote received={replayed.before} errorText={replayed.ledToFailure ? failureMessage(report) : undefined} />
      <div className="mt-1">
        <JsonValue value={replayed.before} label="value the step received" />
      </div>
    </div>
  );
}
