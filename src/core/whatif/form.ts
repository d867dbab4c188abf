// The What if… dialog's and the CLI's inputs turned into overrides: JSON text checked with a message
// that names line and column, an error's code read as a number when it is one, and the CLI's
// `<path>=<json>`, `<path>=throw:<json>`, `<k>p=cancelled:<branch|none>`.
import { findJsonError, lineColumn } from '../trace/json-locate';
import type { StepOverride, ThrownError } from './apply';

export type Parsed<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly message: string };

/** JSON text as a value, or where and why it is not JSON: "line 2, column 5: expected ',' or '}' after a property value". */
export function parseJsonText(text: string): Parsed<unknown> {
  if (!text.trim()) return { ok: false, message: 'empty: write a JSON value, such as {"status": "succeeded"} or null' };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    const error = findJsonError(text);
    if (!error) return { ok: false, message: 'not valid JSON' };
    const { line, column } = lineColumn(text, error.offset);
    return { ok: false, message: `line ${line}, column ${column}: ${error.message}` };
  }
}

/** An error's code as typed: a number when it reads as one (42), else the text ("invalid_amount"); empty is none. */
export function codeOf(text: string): string | number | undefined {
  const t = text.trim();
  if (!t) return undefined;
  return /^-?(0|[1-9]\d*)(\.\d+)?$/.test(t) && Number.isFinite(Number(t)) ? Number(t) : t;
}

export function thrownError(name: string, message: string, code: string): Parsed<ThrownError> {
  if (!name.trim()) return { ok: false, message: 'the error needs a name, such as Error or TimeoutError' };
  const c = codeOf(code);
  return { ok: true, value: { name: name.trim(), message, ...(c !== undefined ? { code: c } : {}) } };
}

function isThrownError(v: unknown): v is ThrownError {
  const e = v as Partial<ThrownError> | null;
  return (
    typeof e === 'object' && e !== null && typeof e.name === 'string' && e.name !== '' && typeof e.message === 'string' &&
    (e.code === undefined || typeof e.code === 'string' || typeof e.code === 'number')
  );
}

/**
 * One `--override` argument. The path is everything before the first '=' (paths hold none); after
 * it, `throw:<json>` makes the step throw, `cancelled:<n|none>` sets a decision, anything else is
 * the step's new result as JSON.
 */
export function parseOverrideArg(arg: string): Parsed<StepOverride> {
  const eq = arg.indexOf('=');
  if (eq <= 0) return { ok: false, message: `expected <path>=<json>, such as 2='{"status":"succeeded"}', got ${JSON.stringify(arg)}` };
  const at = arg.slice(0, eq);
  const rest = arg.slice(eq + 1);
  if (rest.startsWith('cancelled:')) {
    const b = rest.slice('cancelled:'.length).trim();
    if (b === 'none') return { ok: true, value: { at, kind: 'cancelled', branch: null } };
    if (!/^(0|[1-9]\d*)$/.test(b)) return { ok: false, message: `${at}: cancelled: takes a branch number or none, got ${JSON.stringify(b)}` };
    return { ok: true, value: { at, kind: 'cancelled', branch: Number(b) } };
  }
  if (rest.startsWith('throw:')) {
    const parsed = parseJsonText(rest.slice('throw:'.length));
    if (!parsed.ok) return { ok: false, message: `${at}: the error after throw: is not JSON (${parsed.message})` };
    if (!isThrownError(parsed.value)) return { ok: false, message: `${at}: throw: takes {"name": "…", "message": "…", "code": … (optional)}` };
    const { name, message, code } = parsed.value;
    return { ok: true, value: { at, kind: 'throw', error: { name, message, ...(code !== undefined ? { code } : {}) } } };
  }
  const parsed = parseJsonText(rest);
  if (!parsed.ok) return { ok: false, message: `${at}: the result is not JSON (${parsed.message})` };
  return { ok: true, value: { at, kind: 'result', value: parsed.value } };
}
