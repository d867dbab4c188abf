// The selected step's details: its recorded result or error and the value it
// received (from the replay on load), the same after the person's replay set
// beside the recorded run, and the trace's initial input and context one
// click away.
import { Icon } from '../../components/Icon';
import { memo } from 'react';
import type { TraceModel, TraceStep } from '../../core/trace/model';
import type { ReplayReport } from '../../core/replay/report';
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
import { useLastReplay, type LastReplay } from '../../stores/useLastReplay';
import { useAutoReplayBlocker } from '../../stores/autoReplay';
import { ReceivedView } from './ReceivedView';
import { KeptFields } from './KeptFields';
import { ReplayNext } from './ReplayNext';
import { useNotesStore } from '../../stores/notesStore';
import { NowView, nowStatus } from './NowView';
import { StepNoteField } from './StepNoteField';
import { IncidentView } from './IncidentView';
import { RedactFieldPicker } from './RedactFieldPicker';
import { StepLinkButton } from './StepLinkButton';
import { WhatIfButtons, WhatIfStatus } from '../whatif/WhatIfButtons';
import { traceIdentity } from '../../core/trace/identity';
import { useStepValue, useValuesLost } from '../../stores/useStepValue';
import { shownValue, type StepValue as RecordedValue } from '../../core/trace/values';
import { LogsAtStep } from './LogsAtStep';
import { useSelectedAfterPaint } from '../../stores/useSelectedAfterPaint';
import { usePrefetchAround } from './usePrefetchAround';

const json = (value: unknown) => (value === undefined ? 'undefined' : JSON.stringify(value, null, 2));

function StepValue({ step, value, lost, exact }: { step: TraceStep; value: RecordedValue | undefined; lost: boolean; exact: TraceModel['exactNumbers'] }) {
  if (step.kind === 'unrecorded') {
    return (
      <p className="rounded border border-warn/50 bg-warn-soft p-2 text-[12px] text-warn">
        The step {step.threw ? 'threw' : 'returned'}, but its value is not in the trace: {unrecordedReason(step.unrecorded)}. A replay
        refuses this step.
      </p>
    );
  }
  // A big trace's values stay in the engine worker until the step is on screen: a moment's wait, said as such.
  if (value === undefined && step.hasValue && lost) {
    return (
      <p className="rounded border border-err/50 bg-err-soft p-2 text-[12px] text-err" role="alert">
        This value cannot be shown: the worker that holds this trace's values stopped (most likely the tab ran short of memory). Open the trace again.
      </p>
    );
  }
  if (value === undefined && step.hasValue) return <p className="font-mono text-[12px] text-muted" aria-busy="true">Loading the recorded value…</p>;
  if (step.kind === 'threw') return <ErrorView error={value?.error} hasValue={step.hasValue} exact={exact} pointer={`/trace/${step.index}/error`} />;
  if (!step.hasValue) return <p className="font-mono text-[12px] text-muted">returned undefined (no value stored)</p>;
  return (
    <JsonValue value={value?.result} label={step.kind === 'decision' ? 'Parallel decision' : 'recorded result'} exact={exact} pointer={`/trace/${step.index}/result`} />
  );
}

function valueOf(model: TraceModel, step: TraceStep, value: RecordedValue | undefined, tab: InspectorTab, pipeline: { before?: unknown; after?: unknown } | undefined): { value: unknown; present: boolean } {
  if (tab === 'pipeline') return { value: pipeline ? { before: pipeline.before, after: pipeline.after } : undefined, present: pipeline !== undefined };
  if (tab === 'input') return { value: model.initialInput, present: model.hasInitialInput };
  if (tab === 'context') return { value: model.context, present: model.hasContext };
  if (tab === 'incident') return { value: useNotesStore.getState().notes, present: true };
  return shownValue(step, value ?? {});
}

/** Why there is no received value yet, in words that say what to do. */
function NoReceived() {
  const blocked = useAutoReplayBlocker();
  const running = useReplayStore((s) => s.run.status === 'running');
  const text = running
    ? 'Replaying the flow to find the value this step received…'
    : blocked === 'no-source'
      ? "Add the flow's source file to see the value this step received."
      : blocked === 'link'
        ? 'This came with a link, so its code runs only when you press Replay. Replay to see the value this step received.'
        : 'Replay the flow to see the value this step received.';
  return <p className="text-[12px] text-muted" data-testid="no-received">{text}</p>;
}

/** The recorded step: what it answered, and what it received in production (the baseline replay). */
function RecordedColumn({ model, step, baseline }: { model: TraceModel; step: TraceStep; baseline: ReplayReport | undefined }) {
  const value = useStepValue(model, step.index);
  const lost = useValuesLost(model);
  const carried = useReplayStore((s) => s.baselineCarried && s.baseline === baseline);
  const shareable = value !== undefined && step.hasValue && (step.kind === 'threw' || step.kind === 'returned');
  const blocked = useAutoReplayBlocker();
  const idle = useReplayStore((s) => s.run.status !== 'running');
  const replayed = useLastReplay() !== undefined;
  // A link without its facts: the why needs a replay, and asking for it comes first, until one ran.
  const askReplay = !baseline && !replayed && blocked === 'link' && idle;
  return (
    <div className="min-w-0 space-y-3">
      {askReplay && <ReplayNext model={model} />}
      <StepValue step={step} value={value} lost={lost} exact={model.exactNumbers} />
      <KeptFields model={model} step={step} />
      {shareable && (
        <RedactFieldPicker
          traceId={traceIdentity(model)}
          value={step.kind === 'threw' ? value.error : value.result}
          at={{ field: step.kind === 'threw' ? 'error' : 'result', entry: step.index }}
        />
      )}
      {baseline ? <ReceivedView model={model} step={step} report={baseline} carried={carried} /> : !askReplay && <NoReceived />}
    </div>
  );
}

function StepTab({ model, step, baseline, last }: { model: TraceModel; step: TraceStep; baseline: ReplayReport | undefined; last: LastReplay | undefined }) {
  // After the person's own replay, the recorded run and the new one side by side.
  if (last && !last.auto) {
    return (
      <div className="@container">
        <div className="grid gap-4 @[560px]:grid-cols-2">
          <section aria-label="Recorded" className="min-w-0">
            <h3 className="mb-1 text-[11px] font-semibold uppercase tracking-wide text-muted">Recorded</h3>
            <RecordedColumn model={model} step={step} baseline={baseline} />
          </section>
          <section aria-label="Replayed now" className="min-w-0 border-t border-line pt-3 @[560px]:border-l @[560px]:border-t-0 @[560px]:pl-4 @[560px]:pt-0">
            <h3 className="mb-1 text-[11px] font-semibold uppercase tracking-wide text-muted">
              Replayed now{last.stale && <span className="ml-1 normal-case text-warn">(stale: edited since)</span>}
            </h3>
            <NowView model={model} step={step} last={last} />
          </section>
        </div>
      </div>
    );
  }
  return <RecordedColumn model={model} step={step} baseline={baseline ?? last?.report} />;
}

export function Inspector({ model }: { model: TraceModel }) {
  // The header is the list's step, in the same commit: the key press's frame names the step.
  // The body (its value, what it received, the other tabs) follows a paint later, as the source's
  // decorations and the narration do (useSelectedAfterPaint): it is most of a step change's
  // rendering, layout and paint, and while ↓ is held it skips the steps passed over.
  const selected = useViewStore((s) => s.selected);
  const step = model.steps.at(selected);
  const last = useLastReplay();
  usePrefetchAround(model);
  if (!step) return <section aria-label="Step details" className="h-full bg-panel p-3 text-muted">No step selected.</section>;
  const now = last && !last.auto ? nowStatus(last.report, step.index) : undefined;
  return (
    // data-step: the step these details are of (1-based), the list's selection; a note typed into
    // them belongs to the step they show; tests and bench:browser wait on it.
    <section aria-label="Step details" data-step={step.index + 1} className="flex h-full min-h-0 flex-col bg-panel">
      <header className="shrink-0 border-b border-line px-3 py-2">
        <div className="flex items-baseline gap-2">
          <h2 className={`truncate font-mono text-[13px] font-semibold ${step.threw ? 'text-err' : ''}`}>{step.command}</h2>
          <span className="shrink-0 font-mono text-[11px] text-muted">{step.path !== undefined ? `path ${step.path}` : `entry ${step.index + 1}`}</span>
          <span className="ml-auto shrink-0 font-mono text-[11px] text-muted">{formatMs(step.durationMs)}</span>
        </div>
        <p className="mt-0.5 flex flex-wrap items-baseline gap-x-2 text-[12px]">
          <span className={step.threw ? 'text-err' : 'text-muted'}>
            {step.kind === 'decision' && !step.threw ? <Icon name="fork" size={12} className="mr-1 self-center" /> : <span aria-hidden>{step.threw ? '✗ ' : '✓ '}</span>}
            {now ? 'recorded: ' : ''}
            {statusText(step)}
          </span>
          {now && (
            <span className={`font-medium ${now.tone}`} data-testid="step-now">
              · now: {now.text}
            </span>
          )}
          <WhatIfStatus model={model} step={step.index} />
        </p>
        <StepNoteField
          index={step.index}
          after={
            <>
              <WhatIfButtons model={model} step={step.index} />
              <StepLinkButton model={model} step={step.index} />
            </>
          }
        />
      </header>
      <InspectorBody model={model} />
    </section>
  );
}

/**
 * The tabs and what they show, for the step the list showed a paint ago (the same once ↓ is let go).
 * Memoized: the header re-renders on every key press, and the body (hundreds of fibers: the tabs,
 * the value's tree) has nothing new until its own selection lands.
 */
const InspectorBody = memo(function InspectorBody({ model }: { model: TraceModel }) {
  const selected = useSelectedAfterPaint();
  const tab = useViewStore((s) => s.inspectorTab);
  const setTab = useViewStore((s) => s.setInspectorTab);
  const step = model.steps.at(selected);
  const last = useLastReplay();
  const baseline = useReplayStore((s) => s.baseline);
  const pipeline = last && step ? replayStepOf(last.report, step.index) : undefined;
  const value = useStepValue(model, selected);
  if (!step) return null;
  const shown = valueOf(model, step, value, tab, pipeline);
  return (
    <>
      <div className="@container flex shrink-0 items-center justify-between gap-2 border-b border-line px-2">
        <Tabs
          idPrefix="inspector"
          label="Step details view"
          active={tab}
          onChange={setTab}
          tabs={[
            { id: 'value', label: 'Step' },
            { id: 'pipeline', label: 'Pipeline' },
            { id: 'input', label: 'Input' },
            { id: 'context', label: 'Context' },
            { id: 'incident', label: 'Incident' }
          ]}
        />
        <CopyButton text={() => json(valueOf(model, step, value, tab, pipeline).value)} label="Copy JSON" shortLabel="Copy" />
      </div>
      {/* data-step: the step the body shows (1-based); while ↓ is held it trails the header's. */}
      <div id="inspector-panel" role="tabpanel" aria-labelledby={`inspector-tab-${tab}`} data-step={step.index + 1} tabIndex={0} className="min-h-0 flex-1 overflow-auto p-3">
        {tab === 'value' ? (
          <div className="space-y-3">
            <StepTab model={model} step={step} baseline={baseline} last={last} />
            <LogsAtStep step={step} />
          </div>
        ) : tab === 'pipeline' ? (
          <PipelineView step={step} />
        ) : tab === 'context' ? (
          <ContextView model={model} />
        ) : tab === 'incident' ? (
          <IncidentView model={model} />
        ) : shown.present ? (
          <div className="space-y-3">
            <JsonValue value={shown.value} label={tab === 'input' ? 'initial input' : 'context'} exact={model.exactNumbers} pointer={tab === 'input' ? '/initialInput' : '/context'} />
            <RedactFieldPicker traceId={traceIdentity(model)} value={shown.value} at={{ field: tab === 'input' ? 'initialInput' : 'context' }} />
          </div>
        ) : (
          <p className="text-[12px] text-muted">
            {tab === 'input' ? 'The trace holds no initial input.' : 'The trace holds no context.'}
            {model.unrecorded?.[tab === 'input' ? 'initialInput' : 'context'] &&
              ` The recorder left it out: ${unrecordedReason(model.unrecorded[tab === 'input' ? 'initialInput' : 'context'])}.`}
          </p>
        )}
      </div>
    </>
  );
});
