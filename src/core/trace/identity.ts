// A short, stable key for "this recording", so per-trace choices (edits to
// the flow, the chosen export) survive a reload of the same file and never
// leak to another trace. FNV-1a over a summary; not a security hash.
import type { TraceModel } from './model';

/** FNV-1a: a short, stable key over text (not a security hash). */
export function fnv1a(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(36);
}

/** Worked out once per model: views ask for it on every render. */
const identities = new WeakMap<TraceModel, string>();

/** Hashes the head and at most 64 entries spread over the trace, so the cost does not grow with its length. */
export function traceIdentity(model: TraceModel): string {
  let id = identities.get(model);
  if (id === undefined) identities.set(model, (id = identityOf(model)));
  return id;
}

function identityOf(model: TraceModel): string {
  const n = model.steps.length;
  const stride = Math.max(1, Math.floor(n / 64));
  const parts: string[] = [model.flowName ?? '', model.version ?? '', String(n), JSON.stringify(model.initialInput) ?? ''];
  for (let i = 0; i < n; i += stride) {
    const s = model.steps.at(i)!;
    parts.push(`${s.command}@${s.path ?? ''}:${s.durationMs ?? ''}`);
  }
  return `${model.flowName ?? 'flow'}-${fnv1a(parts.join('\u0000'))}`;
}

/**
 * The recording's shape: its flow, build and steps (command, path, duration), without a single
 * value. Redaction never touches these (core/redact/trace.ts), so the original trace, its redacted
 * link and its capsule all have the same shape: a post-mortem's step links name the incident by it.
 */
export function recordingShape(model: TraceModel): string {
  const n = model.steps.length;
  const stride = Math.max(1, Math.floor(n / 64));
  const parts: string[] = [model.flowName ?? '', model.version ?? '', String(n)];
  for (let i = 0; i < n; i += stride) {
    const s = model.steps.at(i)!;
    parts.push(`${s.command}@${s.path ?? ''}:${s.durationMs ?? ''}`);
  }
  return fnv1a(parts.join('\u0000'));
}
