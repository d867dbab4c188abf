// The selected step in the person's last replay, beside its recording: was
// it replayed, never reached (and then how the flow ended instead), or where
// the new code parted from the recording.
import type { TraceModel, TraceStep } from '../../core/trace/model';
import { divergenceOf } from '../../core/present/divergence';
import type { ReplayReport } from '../../core/replay/report';
import type { LastReplay } from '../../stores/useLastReplay';
import { replayOverlay, STEP_PARADOX, STEP_REPLAYED, STEP_UNREACHED } from '../../core/verdict/overlay';
import { errorSummary } from '../../core/present/step-text';
import { JsonValue } from '../../components/JsonValue';
import { ReceivedView } from './ReceivedView';
import { overriddenIndices, overrideOutcomeText } from '../../core/whatif/describe';

export interface NowStatus {
  readonly kind: 'replayed' | 'unreached' | 'diverged' | 'not-replayed';
  readonly text: string;
  /** a text colour class */
  readonly tone: string;
}

export function nowStatus(report: ReplayReport, entryIndex: number): NowStatus {
  const status = replayOverlay(report, entryIndex + 1)[entryIndex];
  if (status === STEP_REPLAYED) return { kind: 'replayed', text: 'replayed', tone: 'text-ok' };
  if (status === STEP_UNREACHED) return { kind: 'unreached', text: 'never reached', tone: 'text-muted' };
  if (status === STEP_PARADOX) return { kind: 'diverged', text: 'diverged here', tone: 'text-paradox' };
  return { kind: 'not-replayed', text: 'not replayed', tone: 'text-muted' };
}

function FlowEnded({ report }: { report: ReplayReport }) {
  const result = report.result;
  if (!result) {
    return <p className="font-mono text-[12px] text-err">The replay stopped with {report.rejection ? `${report.rejection.text.name}: ${report.rejection.text.message}` : 'an error'}.</p>;
  }
  return (
    <div>
      <p className={`text-[12px] ${result.type === 'Success' ? 'text-ok' : 'text-err'}`}>
        The flow ended before this step, with {result.type === 'Success' ? '✓ Success:' : `✗ Failure: ${errorSummary(result.error)}`}
      </p>
      {result.type === 'Success' && <JsonValue value={result.value} label="replayed outcome" />}
    </div>
  );
}

export function NowView({ model, step, last }: { model: TraceModel; step: TraceStep; last: LastReplay }) {
  const now = nowStatus(last.report, step.index);
  const divergence = last.report.fault ? divergenceOf(last.report, model) : undefined;
  // A what-if step answered what the person gave it, not what was recorded.
  const whatIf = last.overrides.length ? overriddenIndices(last.overrides, model.byPath, model.steps.length).get(step.index) : undefined;
  return (
    <div className="space-y-3">
      <p className={`text-[12px] font-medium ${now.tone}`}>
        {now.kind === 'replayed' && whatIf
          ? whatIf.kind === 'cancelled'
            ? `✓ Replayed with the what-if: ${overrideOutcomeText(whatIf)}, instead of the recorded decision.`
            : `✓ Replayed with the what-if: the flow asked for this step, and it ${overrideOutcomeText(whatIf)} instead of its recorded answer.`
          : now.kind === 'replayed'
          ? '✓ Replayed: the flow asked for this step and got its recorded answer.'
          : now.kind === 'unreached'
            ? '○ Never reached in this replay.'
            : now.kind === 'diverged'
              ? `≠ Diverged here: ${divergence?.byCommand[step.command] ?? divergence?.asked?.text ?? 'the flow asked for another step'}.`
              : 'The replay did not get this far.'}
      </p>
      {now.kind === 'diverged' && divergence && (
        <div className="text-[12px]">
          <p>{divergence.plain}</p>
          <details className="mt-1">
            <summary className="cursor-pointer text-muted">The library's own words</summary>
            <p className="mt-1 whitespace-pre-wrap break-words font-mono text-[11px]" data-testid="fault-raw">
              {divergence.raw}
            </p>
          </details>
        </div>
      )}
      {now.kind === 'unreached' && <FlowEnded report={last.report} />}
      {now.kind === 'replayed' && <ReceivedView model={model} step={step} report={last.report} heading="It received now" />}
      {now.kind === 'not-replayed' && model.steps.length > 0 && <FlowEnded report={last.report} />}
    </div>
  );
}
