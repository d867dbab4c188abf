// The selected step's details: its recorded result or error, and the trace's
// initial input and context one click away.
import type { TraceModel, TraceStep } from '../../core/trace/model';
import { formatMs, statusText, unrecordedReason } from '../../core/present/step-text';
import { JsonValue } from '../../components/JsonValue';
import { CopyButton } from '../../components/CopyButton';
import { Tabs } from '../../components/Tabs';
import { useViewStore, type InspectorTab } from '../../stores/viewStore';
import { ErrorView } from './ErrorView';
import { PipelineView } from './PipelineView';
import { ContextView } from './ContextView';
import { replayStepOf } from '../../core/verdict/overlay';
import { useReplayStore } from '../../stores/replayStore';

const json = (value: unknown) => (value === undefined ? 'undefined' : JSON.stringify(value, null, 2));

function StepValue({ step }: { step: TraceStep }) {
  if (step.kind === 'unrecorded') {
    return (
      <p className="rounded border border-warn/50 bg-warn-soft p-2 text-[12px] text-warn">
        The step {step.threw ? 'threw' : 'returned'}, but its value is not in the trace: {unrecordedReason(step.unrecorded)}. A replay
        refuses this step.
      </p>
    );
  }
  if (step.kind === 'threw') return <ErrorView error={step.error} hasValue={step.hasValue} />;
  if (!step.hasValue) return <p className="font-mono text-[12px] text-muted">returned undefined (no value stored)</p>;
  return <JsonValue value={step.result} label={step.kind === 'decision' ? 'Parallel decision' : 'recorded result'} />;
}

function valueOf(model: TraceModel, step: TraceStep, tab: InspectorTab, pipeline: { before?: unknown; after?: unknown } | undefined): { value: unknown; present: boolean } {
  if (tab === 'pipeline') return { value: pipeline ? { before: pipeline.before, after: pipeline.after } : undefined, present: pipeline !== undefined };
  if (tab === 'input') return { value: model.initialInput, present: model.hasInitialInput };
  if (tab === 'context') return { value: model.context, present: model.hasContext };
  return step.kind === 'threw' ? { value: step.error, present: step.hasValue } : { value: step.result, present: step.hasValue };
}

export function Inspector({ model }: { model: TraceModel }) {
  const selected = useViewStore((s) => s.selected);
  const tab = useViewStore((s) => s.inspectorTab);
  const setTab = useViewStore((s) => s.setInspectorTab);
  const step = model.steps[selected];
  const run = useReplayStore((s) => s.run);
  const pipeline = run.status === 'done' && run.report && step ? replayStepOf(run.report, step.index) : undefined;
  if (!step) return <section aria-label="Step details" className="h-full bg-panel p-3 text-muted">No step selected.</section>;
  const shown = valueOf(model, step, tab, pipeline);
  const valueLabel = step.kind === 'threw' ? 'Error' : step.kind === 'decision' ? 'Decision' : 'Result';
  return (
    <section aria-label="Step details" className="flex h-full min-h-0 flex-col bg-panel">
      <header className="shrink-0 border-b border-line px-3 py-2">
        <div className="flex items-baseline gap-2">
          <h2 className={`truncate font-mono text-[13px] font-semibold ${step.threw ? 'text-err' : ''}`}>{step.command}</h2>
          <span className="font-mono text-[11px] text-muted">{step.path !== undefined ? `path ${step.path}` : `entry ${step.index + 1}`}</span>
          <span className="ml-auto font-mono text-[11px] text-muted">{formatMs(step.durationMs)}</span>
        </div>
        <p className={`mt-0.5 text-[12px] ${step.threw ? 'text-err' : 'text-muted'}`}>
          <span aria-hidden>{step.threw ? '✗ ' : step.kind === 'decision' ? '⑂ ' : '✓ '}</span>
          {statusText(step)}
        </p>
      </header>
      <div className="flex shrink-0 items-center justify-between border-b border-line px-2">
        <Tabs
          idPrefix="inspector"
          label="Step details view"
          active={tab}
          onChange={setTab}
          tabs={[
            { id: 'value', label: valueLabel },
            { id: 'pipeline', label: 'Pipeline' },
            { id: 'input', label: 'Input' },
            { id: 'context', label: 'Context' }
          ]}
        />
        <CopyButton text={() => json(shown.value)} label="Copy JSON" />
      </div>
      <div id="inspector-panel" role="tabpanel" aria-labelledby={`inspector-tab-${tab}`} tabIndex={0} className="min-h-0 flex-1 overflow-auto p-3">
        {tab === 'value' ? (
          <StepValue step={step} />
        ) : tab === 'pipeline' ? (
          <PipelineView step={step} />
        ) : tab === 'context' ? (
          <ContextView model={model} />
        ) : shown.present ? (
          <JsonValue value={shown.value} label={tab === 'input' ? 'initial input' : 'context'} />
        ) : (
          <p className="text-[12px] text-muted">
            {tab === 'input' ? 'The trace holds no initial input.' : 'The trace holds no context.'}
            {model.unrecorded?.[tab === 'input' ? 'initialInput' : 'context'] &&
              ` The recorder left it out: ${unrecordedReason(model.unrecorded[tab === 'input' ? 'initialInput' : 'context'])}.`}
          </p>
        )}
      </div>
    </section>
  );
}
