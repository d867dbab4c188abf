// Settings: the app's public address (where shared links point), the longest link to offer, the
// source URL template, the largest trace file, and a fixed clock and seed for replays. Each field saves as it is typed, when its value is valid; an
// invalid value is named beside the field and the saved one stays. Nothing is
// fetched from the template while the dialog is open (useSourceUrl waits), so
// a half-typed URL is never requested.
import { useId, useState } from 'react';
import { LINK_LIMITS } from '../../core/share/linkLimits';
import { checkSourceTemplate, expandSourceTemplate } from '../../core/source/sourceUrl';
import { checkAppAddress } from '../../core/share/appAddress';
import { LINK_LIMIT_RANGE, MAX_TEMPLATE_LENGTH, MAX_TRACE_BYTES_RANGE, useSettingsStore } from '../../stores/settingsStore';
import { useViewStore } from '../../stores/viewStore';
import { Modal } from './Modal';
import { useModel } from '../shell/useActiveTrace';
import { Field, FieldInput } from './SettingsField';
import { ReplayClockField, ReplaySeedField } from './ReplayClockFields';

const MB = 1024 * 1024;
const n = (value: number) => value.toLocaleString('en-US');

/** A whole number from a number input's text, or the reason it is not one. */
function wholeNumber(text: string, unit: string, range: { min: number; max: number }): { ok: true; value: number } | { ok: false; message: string } {
  if (!text.trim()) return { ok: false, message: `Enter a number of ${unit}.` };
  const value = Number(text);
  if (!Number.isInteger(value)) return { ok: false, message: `Enter a whole number of ${unit}.` };
  if (value < range.min || value > range.max) return { ok: false, message: `Enter ${n(range.min)} to ${n(range.max)} ${unit}.` };
  return { ok: true, value };
}

interface WholeNumberField {
  readonly text: string;
  readonly error: string | undefined;
  readonly change: (next: string) => void;
}

/** A whole-number field's text and error; each valid value is saved as it is typed. */
function useWholeNumber(initial: number, unit: string, range: { min: number; max: number }, save: (value: number) => void): WholeNumberField {
  const [text, setText] = useState(String(initial));
  const [error, setError] = useState<string>();
  const change = (next: string) => {
    setText(next);
    const parsed = wholeNumber(next, unit, range);
    setError(parsed.ok ? undefined : parsed.message);
    if (parsed.ok) save(parsed.value);
  };
  return { text, error, change };
}

function WholeNumberInput({ id, range, field }: { id: string; range: { min: number; max: number }; field: WholeNumberField }) {
  return (
    <FieldInput
      id={id}
      type="number"
      inputMode="numeric"
      min={range.min}
      max={range.max}
      step={1}
      value={field.text}
      error={field.error}
      onValue={field.change}
      width="w-40"
    />
  );
}

function LinkLimitField() {
  const id = useId();
  const saved = useSettingsStore((s) => s.linkLimit);
  const field = useWholeNumber(saved, 'characters', LINK_LIMIT_RANGE, (v) => useSettingsStore.getState().setLinkLimit(v));
  const { error, change } = field;
  return (
    <Field
      id={id}
      label="Link limit (characters)"
      error={error}
      hint="A link longer than this is not offered: Share offers the capsule (.zip) instead."
      after={
        <div className="flex flex-wrap items-center gap-1.5" role="group" aria-label="Link limit presets">
          <span>Where links get cut:</span>
          {LINK_LIMITS.map((l) => (
            <button
              key={l.chars}
              type="button"
              aria-pressed={saved === l.chars && !error}
              className="rounded border border-line px-2 py-0.5 hover:bg-raised aria-pressed:border-accent aria-pressed:text-fg"
              onClick={() => change(String(l.chars))}
            >
              {l.name.replace(/^an? /, '')} {n(l.chars)}
            </button>
          ))}
        </div>
      }
    >
      <WholeNumberInput id={id} range={LINK_LIMIT_RANGE} field={field} />
    </Field>
  );
}

function TemplatePreview({ template }: { template: string }) {
  const model = useModel();
  if (!template.trim()) return <p>Empty: no source is fetched by itself.</p>;
  if (!model) return <p>Open a trace to see the URL it makes.</p>;
  const url = expandSourceTemplate(template, { flowName: model.flowName, version: model.version }, window.location.href);
  const label = `For the open trace (${model.flowName ?? 'no flow name'} @ ${model.version ?? 'no version'}):`;
  return (
    <p data-testid="template-preview">
      {label}{' '}
      {url.ok ? <span className="block break-all rounded bg-bg px-2 py-1 font-mono text-fg">{url.url}</span> : <span className="text-warn">{url.message}</span>}
    </p>
  );
}

function TemplateField() {
  const id = useId();
  const saved = useSettingsStore((s) => s.sourceUrlTemplate);
  const [text, setText] = useState(saved);
  const [error, setError] = useState<string>();
  const change = (next: string) => {
    setText(next);
    const checked = next.length > MAX_TEMPLATE_LENGTH ? { ok: false as const, message: `Keep it under ${n(MAX_TEMPLATE_LENGTH)} characters.` } : checkSourceTemplate(next, window.location.href);
    setError(checked.ok ? undefined : checked.message);
    if (checked.ok) useSettingsStore.getState().setSourceUrlTemplate(next.trim());
  };
  return (
    <Field
      id={id}
      label="Source URL template"
      error={error}
      hint={
        <>
          When a trace opens without its flow source, Timescope fetches it from this URL. <code className="font-mono text-fg">{'{flowName}'}</code> and{' '}
          <code className="font-mono text-fg">{'{version}'}</code> become the flow name and build version the trace recorded. The server must allow this page
          to read it (CORS); the code waits for Replay.
        </>
      }
      after={error ? undefined : <TemplatePreview template={text} />}
    >
      <FieldInput
        id={id}
        type="text"
        inputMode="url"
        placeholder="https://git.example.com/shop/raw/{version}/src/flows/{flowName}.ts"
        value={text}
        error={error}
        onValue={change}
        width="w-full"
      />
    </Field>
  );
}

function AppAddressField() {
  const id = useId();
  const saved = useSettingsStore((s) => s.appUrl);
  const [text, setText] = useState(saved);
  const [error, setError] = useState<string>();
  const change = (next: string) => {
    setText(next);
    const checked = next.length > MAX_TEMPLATE_LENGTH ? { ok: false as const, message: `Keep it under ${n(MAX_TEMPLATE_LENGTH)} characters.` } : checkAppAddress(next);
    setError(checked.ok ? undefined : checked.message);
    if (checked.ok) useSettingsStore.getState().setAppUrl(next);
  };
  return (
    <Field
      id={id}
      label="Public address of the app"
      error={error}
      hint="Where your team hosts Timescope's static build. Shared links, capsule links and the post-mortem's step links point here instead of at this page (a link to 127.0.0.1 or localhost opens only on your machine). Empty: links point at this page."
      after={error || !saved ? undefined : <p data-testid="app-address-saved">Links open at <span className="break-all font-mono text-fg">{saved}</span></p>}
    >
      <FieldInput
        id={id}
        type="url"
        inputMode="url"
        placeholder="https://tools.example.com/timescope/"
        value={text}
        error={error}
        onValue={change}
        width="w-full"
      />
    </Field>
  );
}

function MaxTraceField() {
  const id = useId();
  const saved = useSettingsStore((s) => s.maxTraceBytes);
  const range = { min: MAX_TRACE_BYTES_RANGE.min / MB, max: MAX_TRACE_BYTES_RANGE.max / MB };
  const field = useWholeNumber(Math.round(saved / MB), 'MB', range, (v) => useSettingsStore.getState().setMaxTraceBytes(v * MB));
  const { error } = field;
  return (
    <Field id={id} label="Largest trace file (MB)" error={error} hint="The biggest trace file to open in this tab; 1,024 MB is 1 GB.">
      <WholeNumberInput id={id} range={range} field={field} />
    </Field>
  );
}

export function SettingsDialog() {
  return (
    <Modal id="settings" title="Settings">
      <form className="flex flex-col gap-4" onSubmit={(e) => e.preventDefault()}>
        <AppAddressField />
        <LinkLimitField />
        <TemplateField />
        <MaxTraceField />
        <ReplayClockField />
        <ReplaySeedField />
        <p className="border-t border-line pt-2 text-[12px] text-muted">Saved in this browser as you type.</p>
      </form>
    </Modal>
  );
}

const GEAR =
  'M19.14 12.94a7.1 7.1 0 0 0 0-1.88l2.03-1.58a.5.5 0 0 0 .12-.61l-1.92-3.32a.5.5 0 0 0-.59-.22l-2.39.96a7 7 0 0 0-1.62-.94l-.36-2.54A.5.5 0 0 0 13.93 2h-3.84a.5.5 0 0 0-.48.41l-.36 2.54a7.4 7.4 0 0 0-1.62.94l-2.39-.96a.5.5 0 0 0-.59.22L2.74 8.47a.5.5 0 0 0 .12.61l2.03 1.58a7.3 7.3 0 0 0 0 1.88l-2.03 1.58a.5.5 0 0 0-.12.61l1.92 3.32c.12.22.37.29.59.22l2.39-.96c.5.38 1.03.7 1.62.94l.36 2.54c.05.24.24.41.48.41h3.84c.24 0 .44-.17.47-.41l.36-2.54a7 7 0 0 0 1.62-.94l2.39.96c.22.08.47 0 .59-.22l1.92-3.32a.5.5 0 0 0-.12-.61zM12 15.6a3.6 3.6 0 1 1 0-7.2 3.6 3.6 0 0 1 0 7.2z';

/** For the header: a gear (drawn, since a ⚙ glyph is missing from many Linux fonts), named for screen readers. */
export function SettingsButton({ className }: { className: string }) {
  return (
    <button type="button" className={className} onClick={() => useViewStore.getState().openDialog('settings')} aria-label="Settings" title="Settings">
      <svg aria-hidden viewBox="0 0 24 24" width={14} height={14} className="inline-block fill-current align-[-2px]">
        <path d={GEAR} />
      </svg>
    </button>
  );
}
