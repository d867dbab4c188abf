// "Export regression test": a test file that replays the recorded trace
// against the flow with pure-effect's own replayEffect and asserts what the
// last replay showed (core/export/regressionTest.ts). The person picks the
// runner, where the trace goes, where the flow is imported from (remembered
// per flow name) and which values of the result to assert.
import { useMemo, useState } from 'react';
import type { RecordedModel, TraceModel } from '../../core/trace/model';
import { useRecordedModel } from '../../stores/useStepValue';
import { toRawTrace } from '../../core/trace/raw';
import { buildRegressionTest, prefillAssertPaths, regressionInputFromReport, valueLeaves, type Flavour, type LeafPath, type TraceMode } from '../../core/export/regressionTest';
import { useNotesStore } from '../../stores/notesStore';
import { useReplayStore } from '../../stores/replayStore';
import { Modal } from '../dialogs/Modal';
import { download } from '../share/download';
import { rememberedImportPath, rememberImportPath } from './importPaths';

const keyOf = (keys: LeafPath) => JSON.stringify(keys);

function Choice<T extends string>({ legend, value, options, onChange }: { legend: string; value: T; options: readonly { id: T; label: string }[]; onChange: (v: T) => void }) {
  return (
    <fieldset className="flex flex-wrap items-center gap-3">
      <legend className="sr-only">{legend}</legend>
      <span className="font-medium" aria-hidden>
        {legend}
      </span>
      {options.map((o) => (
        <label key={o.id} className="flex items-center gap-1.5">
          <input type="radio" name={legend} checked={value === o.id} onChange={() => onChange(o.id)} /> {o.label}
        </label>
      ))}
    </fieldset>
  );
}

/** The test embeds the whole trace, values and all: a big trace's come over from the engine first. */
function RegressionBody({ model }: { model: TraceModel }) {
  const recorded = useRecordedModel(model);
  if (!recorded) return <p className="text-[12px] text-muted" aria-busy="true">Reading the recorded values of {model.steps.length.toLocaleString('en-US')} steps…</p>;
  return <RegressionForm model={recorded} />;
}

function RegressionForm({ model }: { model: RecordedModel }) {
  const run = useReplayStore((s) => s.run);
  const baseline = useReplayStore((s) => s.baseline);
  const contextText = useReplayStore((s) => s.contextText);
  const title = useNotesStore((s) => s.notes.title);
  const done = run.status === 'done' && run.result.kind === 'report' ? run : undefined;
  const result = done?.result.kind === 'report' ? done.result : undefined;
  const trace = useMemo(() => toRawTrace(model), [model]);
  const [flavour, setFlavour] = useState<Flavour>('node');
  const [traceMode, setTraceMode] = useState<TraceMode>('embed');
  const [importPath, setImportPath] = useState(() => rememberedImportPath(model.flowName) ?? `./${result?.entry ?? 'flow.ts'}`);
  const leaves = useMemo(() => (result?.report.result?.type === 'Success' ? valueLeaves(result.report.result.value, { limit: 60 }) : []), [result]);
  const [chosen, setChosen] = useState<ReadonlySet<string> | undefined>();
  const prefilled = useMemo(() => new Set(result ? prefillAssertPaths(result.report, trace, baseline).map(keyOf) : []), [result, trace, baseline]);
  const picked = chosen ?? prefilled;
  const [copied, setCopied] = useState(false);

  const built = useMemo(() => {
    if (!result) return undefined;
    try {
      const context = contextText !== undefined ? (JSON.parse(contextText) as unknown) : undefined;
      const input = regressionInputFromReport({
        report: result.report,
        trace,
        flavour,
        traceMode,
        flowImportPath: importPath.trim() || './flow.ts',
        exportName: result.exportName,
        title,
        assertPaths: leaves.filter((l) => picked.has(keyOf(l.keys))).map((l) => l.keys),
        ...(context !== undefined ? { context } : {})
      });
      return { ok: true as const, test: buildRegressionTest(input) };
    } catch (error) {
      return { ok: false as const, message: error instanceof Error ? error.message : String(error) };
    }
  }, [result, trace, flavour, traceMode, importPath, title, leaves, picked, contextText]);

  if (!result) {
    return (
      <div className="space-y-3 text-[12px]">
        <p>The test asserts what a replay showed, so replay the flow first (your fix, or the code as it is).</p>
        <button type="button" className="rounded bg-accent px-3 py-1.5 font-medium text-white dark:text-bg" onClick={() => useReplayStore.getState().requestReplay()}>
          Replay
        </button>
      </div>
    );
  }
  const toggle = (k: string) => {
    const next = new Set(picked);
    if (next.has(k)) next.delete(k);
    else next.add(k);
    setChosen(next);
  };
  const test = built?.ok ? built.test : undefined;
  return (
    <div className="grid gap-4 text-[12px] lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
      <div className="min-w-0 space-y-3">
        <Choice legend="Runner" value={flavour} onChange={setFlavour} options={[{ id: 'node', label: 'node:test' }, { id: 'vitest', label: 'vitest' }]} />
        <Choice legend="Trace" value={traceMode} onChange={setTraceMode} options={[{ id: 'embed', label: 'in the test' }, { id: 'beside', label: 'beside it, as .trace.json' }]} />
        <label className="block">
          <span className="font-medium">Import the flow from</span>
          <input
            aria-label="Import the flow from"
            value={importPath}
            onChange={(e) => {
              setImportPath(e.target.value);
              rememberImportPath(model.flowName, e.target.value);
            }}
            className="mt-1 w-full rounded border border-line bg-bg px-1.5 py-1 font-mono text-[11px]"
          />
          <span className="text-muted">As written in the test, relative to where you put it; remembered for {model.flowName ?? 'this flow'}.</span>
        </label>
        <fieldset>
          <legend className="font-medium">Assert</legend>
          <p className="text-muted">
            Always: the result type{result.report.result?.type === 'Failure' ? ", the error's name, message and code" : ''} and the unreached Commands.
            {leaves.length > 0 && ' And these values of the result (prefilled with what the fix changed):'}
          </p>
          <ul aria-label="Values to assert" className="mt-1 max-h-56 space-y-0.5 overflow-auto">
            {leaves.map((l) => (
              <li key={keyOf(l.keys)}>
                <label className="flex items-center gap-1.5 font-mono text-[11px]">
                  <input type="checkbox" checked={picked.has(keyOf(l.keys))} onChange={() => toggle(keyOf(l.keys))} />
                  <span className="truncate">
                    {l.label || '(the value)'} <span className="text-muted">{l.preview}</span>
                  </span>
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      </div>
      <div className="min-w-0 space-y-2">
        <p className="font-medium">{test ? test.fileName : 'Regression test'}</p>
        {built && !built.ok && (
          <p role="alert" className="text-err">
            {built.message}
          </p>
        )}
        <textarea readOnly wrap="off" aria-label="Regression test" rows={20} value={test?.text ?? ''} className="w-full resize-y rounded border border-line bg-bg p-1.5 font-mono text-[11px]" />
        {test?.traceFile && <p className="text-muted">Download also saves {test.traceFile.name}; keep it next to the test.</p>}
        <div className="flex justify-end gap-2">
          <button
            type="button"
            disabled={!test}
            className="rounded border border-line px-3 py-1.5 hover:bg-raised disabled:opacity-50"
            onClick={() => {
              if (!test) return;
              download(test.text, test.fileName, 'text/plain');
              if (test.traceFile) download(test.traceFile.text, test.traceFile.name, 'application/json');
            }}
          >
            Download test
          </button>
          <button
            type="button"
            disabled={!test}
            className="rounded bg-accent px-3 py-1.5 font-medium text-white disabled:opacity-50 dark:text-bg"
            onClick={async () => {
              await navigator.clipboard?.writeText(test?.text ?? '').catch(() => undefined);
              setCopied(true);
              window.setTimeout(() => setCopied(false), 1500);
            }}
          >
            {copied ? 'Copied ✓' : 'Copy test'}
          </button>
        </div>
      </div>
    </div>
  );
}

export function RegressionTestDialog({ model }: { model: TraceModel }) {
  return (
    <Modal id="regression-test" title="Export regression test" wide>
      <RegressionBody model={model} />
    </Modal>
  );
}
