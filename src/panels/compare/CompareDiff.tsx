// The selected row, A against B: what each run did, what differs (the
// pipeline view's change list, over the two recorded values), and both values.
import type { AlignedRow } from '../../core/compare/align';
import { MARK_TEXT, outcomeOf, outcomeText } from '../../core/compare/align';
import { diffValues } from '../../core/present/diff';
import type { RecordedModel, RecordedStep } from '../../core/trace/model';
import { JsonValue } from '../../components/JsonValue';
import { ChangeList } from '../inspector/ReceivedView';

const heading = 'text-[11px] font-semibold uppercase tracking-wide text-muted';

function Side({ name, step }: { name: 'A' | 'B'; step: RecordedStep | undefined }) {
  return (
    <div className="min-w-0" data-testid={`compare-side-${name}`}>
      <h3 className={heading}>Run {name}</h3>
      {step ? (
        <>
          <p className={`mt-1 break-words font-mono text-[12px] ${step.threw ? 'text-err' : ''}`}>{outcomeText(step)}</p>
          {step.hasValue && (step.kind === 'threw' ? step.error : step.result) !== undefined && (
            <div className="mt-1">
              <JsonValue value={step.kind === 'threw' ? step.error : step.result} label={`value in run ${name}`} />
            </div>
          )}
        </>
      ) : (
        <p className="mt-1 text-[12px] text-muted">Run {name} made no such step.</p>
      )}
    </div>
  );
}

export function CompareDiff({ row, a, b }: { row: AlignedRow | undefined; a: RecordedModel; b: RecordedModel }) {
  if (!row) return <p className="p-3 text-[12px] text-muted">The two runs have no steps.</p>;
  const sa = row.a === undefined ? undefined : a.steps[row.a];
  const sb = row.b === undefined ? undefined : b.steps[row.b];
  // Field by field only when both did the same kind of thing: a throw against a return differs as a whole.
  const oa = sa && outcomeOf(sa);
  const ob = sb && outcomeOf(sb);
  const changes = oa && ob && oa.kind === ob.kind && row.mark === 'value-changed' ? diffValues(oa.value, ob.value) : [];
  return (
    <section aria-label="Difference" className="space-y-3 p-3">
      <div>
        <h2 className="text-[13px] font-semibold">
          <span className="font-mono">{row.key}</span> {row.command}
          {row.commandB && <span className="text-muted"> / {row.commandB}</span>}: {MARK_TEXT[row.mark]}
        </h2>
        {row.difference && <p className="mt-0.5 break-words text-[12px]" data-testid="compare-difference">{row.difference}</p>}
      </div>
      {changes.length > 0 && (
        <div>
          <h3 className={heading}>What differs, A → B</h3>
          <ChangeList changes={changes} label="Differences from A to B" />
        </div>
      )}
      <div className="grid gap-3 sm:grid-cols-2">
        <Side name="A" step={sa} />
        <Side name="B" step={sb} />
      </div>
    </section>
  );
}
