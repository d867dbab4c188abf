// Short human texts for a step, shared by the timeline, the live region and
// the inspector so a step is described the same way everywhere.
import type { TraceStep } from '../trace/model';

const MAX_PREVIEW = 120;

// JSON.stringify writes Infinity as null and -0 as 0: a preview would show another value than
// the one held (a trace's 1e400 or 400-digit integer reads as Infinity). The replacer marks them
// with a string no value can hold unescaped (a NUL), and the quotes around the mark are dropped.
const MARK = '\u0000';
const MARKED = /"\\u0000(-?Infinity|NaN|-0)\\u0000"/g;
const keepNumbers = (_key: string, v: unknown) =>
  typeof v === 'number' && (!Number.isFinite(v) || Object.is(v, -0)) ? `${MARK}${Object.is(v, -0) ? '-0' : String(v)}${MARK}` : v;

/** A one-line preview of any stored value, never longer than MAX_PREVIEW. */
export function preview(value: unknown): string {
  let text: string;
  if (value === undefined) text = 'undefined';
  else if (typeof value === 'string') text = JSON.stringify(value);
  else {
    try {
      text = JSON.stringify(value, keepNumbers)?.replace(MARKED, '$1') ?? String(value);
    } catch {
      text = String(value);
    }
  }
  return text.length > MAX_PREVIEW ? `${text.slice(0, MAX_PREVIEW - 1)}…` : text;
}

function isStoredError(v: unknown): v is { __error: true; name?: unknown; message?: unknown } {
  return typeof v === 'object' && v !== null && (v as { __error?: unknown }).__error === true;
}

/** "Error: Amount must be non-zero." for a stored error; a preview for any other thrown value. */
export function errorSummary(stored: unknown, hasValue = true): string {
  if (!hasValue) return 'undefined';
  if (isStoredError(stored)) {
    const name = typeof stored.name === 'string' ? stored.name : 'Error';
    const message = typeof stored.message === 'string' ? stored.message : '';
    return message ? `${name}: ${message}` : name;
  }
  return preview(stored);
}

export function unrecordedReason(reason: string | undefined): string {
  if (reason === 'redact') return 'redact threw on it';
  if (reason === 'copy') return 'it could not be copied (a BigInt or a throwing getter)';
  return 'the recorder could not keep it';
}

/** "returned", "threw Error: …", "cancelled by branch 1 of 2", "value not recorded …" */
export function statusText(step: TraceStep): string {
  switch (step.kind) {
    case 'returned':
      return 'returned';
    case 'threw':
      return `threw ${step.errorText ?? errorSummary(undefined, step.hasValue)}`;
    case 'unrecorded':
      return `${step.threw ? 'threw' : 'returned'}, value not recorded: ${unrecordedReason(step.unrecorded)}`;
    case 'decision': {
      const d = step.decision;
      const of = typeof d?.branches === 'number' ? ` of ${d.branches} branch${d.branches === 1 ? '' : 'es'}` : '';
      if (!d?.cancelled) return `all${of === '' ? ' branches' : of} finished`;
      return d.branch === null || d.branch === undefined ? `cancelled by an enclosing Parallel${of}` : `cancelled by branch ${d.branch}${of}`;
    }
  }
}

export function formatMs(ms: number | undefined): string {
  if (ms === undefined) return '—';
  if (ms >= 1000) return `${(ms / 1000).toFixed(2)} s`;
  if (ms >= 100) return `${ms.toFixed(0)} ms`;
  if (ms >= 10) return `${ms.toFixed(1)} ms`;
  return `${ms.toFixed(ms < 0.1 && ms > 0 ? 3 : 2)} ms`;
}

/** The polite live-region line: "Step 3 of 3, cmdChargeCard, threw Error: Amount must be non-zero." */
export function announcement(step: TraceStep, total: number): string {
  const text = `Step ${step.index + 1} of ${total}, ${step.command}, ${statusText(step)}`;
  return /[.!?]$/.test(text) ? text : `${text}.`;
}
