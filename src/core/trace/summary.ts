// One line of the JSONL picker: enough to choose a trace without opening it.

import type { TraceModel, TraceSummary } from './model';

/** A stored error as one short line: its message, a thrown string, or compact JSON. */
function errorText(error: unknown): string {
  if (typeof error === 'object' && error !== null && typeof (error as { message?: unknown }).message === 'string') {
    return (error as { message: string }).message;
  }
  if (typeof error === 'string') return error;
  if (error === undefined) return 'undefined';
  const json = JSON.stringify(error) ?? String(error);
  return json.length > 200 ? `${json.slice(0, 200)}…` : json;
}

/** A model's line in the picker; only its head and step count are read, so an engine's held trace can be summarized too. */
export function summarize(model: Pick<TraceModel, 'flowName' | 'version' | 'outcome'> & { readonly steps: { readonly length: number } }, line: number): TraceSummary {
  const { outcome } = model;
  return {
    line,
    flowName: model.flowName,
    version: model.version,
    entries: model.steps.length,
    outcome: outcome.known ? 'Failure' : 'unknown',
    ...(outcome.known ? { errorMessage: errorText(outcome.error) } : {})
  };
}
