// What-if overrides leave with the incident's redaction applied, as its trace does: a result the
// person edited often starts as the recorded one (the dialog fills it in), with whatever address or
// card number that held. Each value is redacted in place, at its own entry index, so key, detector
// and path rules (/trace/<i>/result/…) mean the same for it as for the recorded value, with the
// incident's own pseudonymizer (the same value gets the same token as in the trace).
import type { TraceModel } from '../core/trace/model';
import type { StepOverride } from '../core/whatif/apply';
import { overriddenIndices } from '../core/whatif/describe';
import { redactTrace, type Pseudonymize, type RedactionRules } from '../core/redact';

export async function redactOverrides(model: TraceModel, overrides: readonly StepOverride[], rules: RedactionRules, p: Pseudonymize): Promise<StepOverride[]> {
  const at = overriddenIndices(overrides, model.byPath, model.steps.length);
  const last = Math.max(-1, ...at.keys());
  // Entries without values but the overridden ones: nothing else to redact, and indices kept.
  const entries: Record<string, unknown>[] = Array.from({ length: last + 1 }, (_, i) => {
    const step = model.steps.at(i)!;
    const o = at.get(i);
    const entry: Record<string, unknown> = { command: step.command, ...(step.path !== undefined ? { path: step.path } : {}) };
    if (o?.kind === 'result') entry.result = o.value;
    else if (o?.kind === 'throw') Object.assign(entry, { threw: true, error: { __error: true, ...o.error } });
    return entry;
  });
  const { trace } = await redactTrace({ trace: entries }, rules, p);
  const redacted = (trace as { trace: Record<string, unknown>[] }).trace;
  return overrides.map((o) => {
    const index = [...at].find(([, x]) => x === o)?.[0];
    if (index === undefined) return o;
    const e = redacted[index]!;
    if (o.kind === 'result') return { ...o, value: e.result };
    if (o.kind === 'throw') {
      const err = e.error as { name?: unknown; message?: unknown; code?: unknown };
      const code = typeof err.code === 'string' || typeof err.code === 'number' ? { code: err.code } : {};
      return { ...o, error: { name: String(err.name ?? o.error.name), message: String(err.message ?? ''), ...code } };
    }
    return o;
  });
}
