// "What if this step had answered differently?": change one step's recorded outcome (a result in
// checked JSON, a thrown error, or which branch of a Parallel cancelled the others), save it for
// this trace and replay. The recording itself is never changed: the replay reads a copy with the
// override in it, and the verdict compares with the recording (src/core/whatif/).
import { useState } from 'react';
import { ModalFrame } from '../../components/ModalFrame';
import type { TraceModel, TraceStep } from '../../core/trace/model';
import type { StepOverride } from '../../core/whatif/apply';
import { addressOf } from '../../core/whatif/fit';
import { overrideWhereText } from '../../core/whatif/describe';
import { parseJsonText, thrownError } from '../../core/whatif/form';
import { statusText } from '../../core/present/step-text';
import { useWhatIfStore } from '../../stores/whatIfStore';
import { useReplayStore } from '../../stores/replayStore';
import { useStepValue } from '../../stores/useStepValue';
import { useOverrideOf } from '../../stores/useWhatIf';
import type { StepValue } from '../../core/trace/values';

type Mode = StepOverride['kind'];

const FIELD = 'w-full rounded border border-line bg-bg px-2 py-1 font-mono text-[12px] text-fg';

/** The number of branches a decision had: as recorded, or counted from its branches' paths. */
function branchCount(model: TraceModel, step: TraceStep): number {
  if (typeof step.decision?.branches === 'number') return step.decision.branches;
  let n = 0;
  const prefix = step.path ?? '';
  for (const s of model.steps) {
    if (s.path === undefined || !s.path.startsWith(prefix)) continue;
    const m = /^(\d+)\//.exec(s.path.slice(prefix.length));
    if (m) n = Math.max(n, Number(m[1]) + 1);
  }
  return n;
}

const pretty = (v: unknown) => (v === undefined ? '' : JSON.stringify(v, null, 2));

function recordedError(value: StepValue | undefined): { name: string; message: string; code: string } {
  const e = value?.error as { name?: unknown; message?: unknown; code?: unknown } | undefined;
  return {
    name: typeof e?.name === 'string' ? e.name : 'Error',
    message: typeof e?.message === 'string' ? e.message : '',
    code: typeof e?.code === 'string' || typeof e?.code === 'number' ? String(e.code) : ''
  };
}

function Form({ model, step, existing, value }: { model: TraceModel; step: TraceStep; existing: StepOverride | undefined; value: StepValue | undefined }) {
  const decision = step.kind === 'decision';
  const at = addressOf(model, step.index);
  const [mode, setMode] = useState<Mode>(existing?.kind ?? (decision ? 'cancelled' : 'result'));
  const [text, setText] = useState(() => (existing?.kind === 'result' ? pretty(existing.value) : step.kind === 'returned' && step.hasValue ? pretty(value?.result) : '{}'));
  const [error, setError] = useState(() =>
    existing?.kind === 'throw' ? { name: existing.error.name, message: existing.error.message, code: existing.error.code === undefined ? '' : String(existing.error.code) } : recordedError(value)
  );
  const recordedBranch = step.decision?.cancelled && typeof step.decision.branch === 'number' ? step.decision.branch : null;
  const [branch, setBranch] = useState<number | null>(existing?.kind === 'cancelled' ? existing.branch : recordedBranch);
  const branches = decision ? branchCount(model, step) : 0;

  const parsed = parseJsonText(text);
  const thrown = thrownError(error.name, error.message, error.code);
  const override: StepOverride | undefined =
    mode === 'result' ? (parsed.ok ? { at, kind: 'result', value: parsed.value } : undefined) : mode === 'throw' ? (thrown.ok ? { at, kind: 'throw', error: thrown.value } : undefined) : { at, kind: 'cancelled', branch };

  const { put, remove, edit } = useWhatIfStore.getState();
  const done = (change: () => void) => {
    change();
    edit(undefined);
    useReplayStore.getState().requestReplay();
  };
  const save = () => override && done(() => put(override));

  const modes: { id: Mode; label: string }[] = decision
    ? [{ id: 'cancelled', label: 'Choose which branch cancelled' }]
    : [
        { id: 'result', label: 'Return a result' },
        { id: 'throw', label: 'Throw an error' }
      ];
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        save();
      }}
      onKeyDown={(e) => {
        if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
          e.preventDefault();
          save();
        }
      }}
      className="space-y-3"
    >
      <p className="text-[12px] text-muted">
        Recorded: <span className="font-mono text-fg">{statusText(step).replace(/\.$/, '')}</span>. The replay reads a copy of the trace with your answer in it; the recording stays as it is, and the verdict compares against it.
      </p>
      {modes.length > 1 && (
        <fieldset className="flex flex-wrap gap-x-4 gap-y-1">
          <legend className="sr-only">What the step does instead</legend>
          {modes.map((m) => (
            <label key={m.id} className="flex items-center gap-1.5 text-[13px]">
              <input type="radio" name="whatif-mode" value={m.id} checked={mode === m.id} onChange={() => setMode(m.id)} />
              {m.label}
            </label>
          ))}
        </fieldset>
      )}
      {mode === 'result' && (
        <div>
          <label htmlFor="whatif-result" className="text-[12px] text-muted">
            The step’s result, as JSON
          </label>
          <textarea
            id="whatif-result"
            // The field is what the dialog is for; a big trace's value may arrive after the dialog opened.
            autoFocus
            value={text}
            onChange={(e) => setText(e.target.value)}
            spellCheck={false}
            aria-invalid={!parsed.ok}
            aria-describedby="whatif-result-check"
            className={`${FIELD} mt-1 h-48 resize-y ${parsed.ok ? '' : 'border-err'}`}
          />
          <p id="whatif-result-check" aria-live="polite" data-testid="whatif-json-check" className={`mt-1 font-mono text-[11.5px] ${parsed.ok ? 'text-ok' : 'text-err'}`}>
            {parsed.ok ? '✓ valid JSON' : `✗ ${parsed.message}`}
          </p>
        </div>
      )}
      {mode === 'throw' && (
        <div className="grid grid-cols-[max-content_minmax(0,1fr)] items-center gap-x-2 gap-y-1.5 text-[12px]">
          <label htmlFor="whatif-error-name" className="text-muted">Name</label>
          <input id="whatif-error-name" className={FIELD} value={error.name} onChange={(e) => setError({ ...error, name: e.target.value })} aria-invalid={!thrown.ok} />
          <label htmlFor="whatif-error-message" className="text-muted">Message</label>
          <input id="whatif-error-message" className={FIELD} value={error.message} onChange={(e) => setError({ ...error, message: e.target.value })} />
          <label htmlFor="whatif-error-code" className="text-muted">Code</label>
          <input id="whatif-error-code" className={FIELD} value={error.code} placeholder="optional: a number, or text" onChange={(e) => setError({ ...error, code: e.target.value })} />
          {!thrown.ok && (
            <p className="col-span-2 text-err" aria-live="polite">
              ✗ {thrown.message}
            </p>
          )}
        </div>
      )}
      {mode === 'cancelled' && (
        <fieldset className="space-y-1 text-[13px]">
          <legend className="mb-1 text-[12px] text-muted">Which branch cancelled the others</legend>
          <label className="flex items-center gap-1.5">
            <input type="radio" name="whatif-branch" autoFocus={branch === null} checked={branch === null} onChange={() => setBranch(null)} />
            None: replayed by timing, as a live run would
          </label>
          {Array.from({ length: branches }, (_, i) => (
            <label key={i} className="flex items-center gap-1.5">
              <input type="radio" name="whatif-branch" autoFocus={branch === i} checked={branch === i} onChange={() => setBranch(i)} />
              Branch {i}
              {i === recordedBranch && <span className="text-[11px] text-muted">(as recorded)</span>}
            </label>
          ))}
        </fieldset>
      )}
      <div className="flex flex-wrap items-center justify-end gap-2 border-t border-line pt-3">
        {existing && (
          <button type="button" className="mr-auto rounded border border-line px-3 py-1.5 hover:bg-raised" onClick={() => done(() => remove(existing.at))}>
            Remove this what-if
          </button>
        )}
        <button type="button" className="rounded border border-line px-3 py-1.5 hover:bg-raised" onClick={() => edit(undefined)}>
          Cancel
        </button>
        <button type="submit" disabled={!override} className="rounded bg-accent px-3 py-1.5 font-medium text-white disabled:opacity-50 dark:text-bg">
          Save and replay
        </button>
      </div>
    </form>
  );
}

function Body({ model, index }: { model: TraceModel; index: number }) {
  const step = model.steps.at(index)!;
  const existing = useOverrideOf(model, index);
  const value = useStepValue(model, index);
  // The form starts from the recorded value: wait for a big trace's value to come from the engine.
  if (value === undefined && step.hasValue) return <p className="text-[12px] text-muted">Loading the recorded value…</p>;
  return <Form model={model} step={step} existing={existing} value={value} />;
}

// The chosen branch when a decision's form has no text field.
const whatIfFocus = (dialog: HTMLDialogElement) => dialog.querySelector<HTMLElement>('textarea') ?? dialog.querySelector<HTMLElement>('input[name="whatif-branch"]:checked');

const dismiss = () => {
  const whatIf = useWhatIfStore.getState();
  if (whatIf.editing !== undefined) whatIf.edit(undefined);
};

export function WhatIfDialog({ model }: { model: TraceModel }) {
  const editing = useWhatIfStore((s) => s.editing);
  const step = editing !== undefined ? model.steps.at(editing) : undefined;
  const title = step && (
    <>
      What if <span className="break-all font-mono">{step.kind === 'decision' ? 'Parallel' : step.command}</span>{' '}
      <span className="font-normal text-muted">({overrideWhereText(addressOf(model, step.index))})</span> had answered differently?
    </>
  );
  return (
    <ModalFrame open={step !== undefined} titleId="whatif-title" title={title} onDismiss={dismiss} initialFocus={whatIfFocus}>
      {step && <Body key={step.index} model={model} index={step.index} />}
    </ModalFrame>
  );
}
