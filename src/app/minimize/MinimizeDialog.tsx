// "Minimize": the smallest incident that still fails the same way (delta debugging over its input,
// context and recorded answers, each candidate replayed in the sandbox). While it runs: a progress
// bar and Cancel, which keeps the smallest incident found so far. Then: what was kept ("kept 3 of 9
// fields…"), the values the failure depends on, the original beside the minimized, and the minimized
// incident to open (where Share and Export test then work on it), download or take as a capsule.
import { useEffect, useState } from 'react';
import type { TraceModel } from '../../core/trace/model';
import { traceIdentity } from '../../core/trace/identity';
import { toRawTrace } from '../../core/trace/raw';
import { fullModel } from '../../worker/engineClient';
import { useMinimizeStore, type MinimizeResult } from '../../stores/minimizeStore';
import { useSourceStore } from '../../stores/sourceStore';
import { useViewStore } from '../../stores/viewStore';
import { preview } from '../../core/present/step-text';
import { buildCapsule } from '../../core/share/capsule';
import { JsonValue } from '../../components/JsonValue';
import { Modal } from '../dialogs/Modal';
import { download } from '../share/download';
import { openTraceBlob } from '../open/openTrace';
import { runMinimize } from './runMinimize';

const button = 'rounded border border-line px-3 py-1.5 hover:bg-raised disabled:opacity-50';

function Progress() {
  const state = useMinimizeStore((s) => s.state);
  if (state.status !== 'running') return null;
  const p = state.progress;
  return (
    <div className="space-y-2" data-testid="minimize-progress">
      <p role="status" className="text-muted">
        {p ? `Minimizing (${p.phase}): ${p.replays} of at most ${p.budget} replays, side by side in the sandbox's workers.` : 'Replaying the incident against the recorded code…'}
      </p>
      <progress className="w-full" aria-label="Minimizing the incident" max={p?.budget ?? 1} value={p?.replays ?? 0} />
      <button type="button" className={button} onClick={state.cancel}>
        Cancel
      </button>
    </div>
  );
}

function Result({ model, result }: { model: TraceModel; result: MinimizeResult }) {
  const files = useSourceStore((s) => s.files);
  const [original, setOriginal] = useState<unknown>();
  const [beside, setBeside] = useState(false);
  useEffect(() => {
    if (!beside || original !== undefined) return;
    let live = true;
    void fullModel(model).then((full) => live && setOriginal(toRawTrace(full)));
    return () => {
      live = false;
    };
  }, [beside, original, model]);
  const name = `incident-${model.flowName ?? 'trace'}.min`;
  const how = result.minimal
    ? '1-minimal: without any one of the values left, it no longer fails the same way.'
    : result.stopped === 'cancelled'
      ? 'Cancelled: this is the smallest incident found so far, not proven minimal.'
      : `Not proven minimal: it stopped at the budget of replays (${result.replays}).`;
  return (
    <div className="space-y-3" data-testid="minimize-result">
      <p role="status" className="text-ok">
        Minimized in {result.replays} replays: {result.manifest.text}.
      </p>
      <p className="text-muted">{how}</p>
      <div>
        <h3 className="font-semibold">What this failure depends on</h3>
        <ul className="mt-1 max-h-48 space-y-0.5 overflow-auto font-mono text-[12px]" aria-label="Fields the failure depends on">
          {result.kept.map((k) => (
            <li key={k.pointer} className="break-words">
              <span className="font-semibold text-accent">{k.pointer}</span>: {preview(k.value)}
            </li>
          ))}
          {result.kept.length === 0 && <li className="font-sans text-muted">No value at all: the failure happens whatever the input and answers hold.</li>}
        </ul>
      </div>
      <label className="flex items-center gap-1.5">
        <input type="checkbox" checked={beside} onChange={(e) => setBeside(e.target.checked)} /> Show the original beside the minimized incident
      </label>
      {beside && (
        <div className="grid gap-2 md:grid-cols-2" data-testid="minimize-beside">
          <div className="min-w-0">
            <h3 className="font-semibold">Original</h3>
            {original !== undefined && <JsonValue value={original} label="the original incident" />}
          </div>
          <div className="min-w-0">
            <h3 className="font-semibold">Minimized</h3>
            <JsonValue value={result.trace} label="the minimized incident" />
          </div>
        </div>
      )}
      <div className="flex flex-wrap justify-end gap-2">
        <button type="button" className={button} onClick={() => download(new TextEncoder().encode(`${JSON.stringify(result.trace, null, 2)}\n`), `${name}.json`, 'application/json')}>
          Download minimized trace
        </button>
        <button
          type="button"
          className={button}
          onClick={() =>
            download(
              buildCapsule(
                { v: 1, trace: result.trace as never, ...(files.length ? { sources: files.map((f) => ({ name: f.name, text: f.text })) } : {}), redaction: { applied: false, rules: [] } },
                { minimized: { kept: result.manifest.text, minimal: result.minimal, replays: result.replays } }
              ),
              `${name}.zip`,
              'application/zip'
            )
          }
        >
          Download capsule
        </button>
        <button
          type="button"
          className="rounded bg-accent px-3 py-1.5 font-medium text-white dark:text-bg"
          onClick={() => {
            useViewStore.getState().openDialog('none');
            void openTraceBlob(new Blob([JSON.stringify(result.trace)], { type: 'application/json' }), `${name}.json`);
          }}
        >
          Open the minimized incident
        </button>
      </div>
      <p className="text-muted">Opened, it is an incident like any other: Share sends it (redacted, and checked), Export test makes its regression test. Its fields are marked in the step details.</p>
    </div>
  );
}

function MinimizeBody({ model }: { model: TraceModel }) {
  const traceId = traceIdentity(model);
  const mine = useMinimizeStore((s) => s.traceId === traceId);
  const state = useMinimizeStore((s) => s.state);
  if (!mine || state.status === 'idle')
    return (
      <div className="space-y-2">
        <p>
          Shrinks this incident&apos;s input, context and recorded answers to the fewest values with which the recorded code still fails the same way: the same outcome and
          error, at the same step. Every candidate replays in the sandbox.
        </p>
        <button type="button" className="rounded bg-accent px-3 py-1.5 font-medium text-white dark:text-bg" onClick={() => void runMinimize(model)}>
          Start minimizing
        </button>
      </div>
    );
  if (state.status === 'running') return <Progress />;
  if (state.status === 'failed')
    return (
      <div className="space-y-2">
        <p role="alert" className="text-err">
          Could not minimize: {state.message}
        </p>
        <button type="button" className={button} onClick={() => void runMinimize(model)}>
          Try again
        </button>
      </div>
    );
  return <Result model={model} result={state.result} />;
}

export function MinimizeDialog({ model }: { model: TraceModel }) {
  return (
    <Modal id="minimize" title="Minimize incident" wide>
      <div className="text-[12px]">
        <MinimizeBody model={model} />
      </div>
    </Modal>
  );
}
