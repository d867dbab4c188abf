// Back from the model to the trace object pure-effect's replay reads. The
// replay engine validates it the way the library does, so the model's
// normalisation (an `error` key meaning threw, etc.) is written back as the
// recorder would have written it.
import type { RecordedModel, RecordedStep } from './model';

export interface RawEntry {
  command: string;
  path?: string;
  threw?: true;
  result?: unknown;
  error?: unknown;
  unrecorded?: string;
  durationMs?: number;
}

function rawEntry(step: RecordedStep): RawEntry {
  const entry: RawEntry = { command: step.command };
  if (step.path !== undefined) entry.path = step.path;
  // Path-less legacy entries say "threw" with an `error` key alone (§5); keep them as they were.
  if (step.threw && step.path !== undefined) entry.threw = true;
  if (step.kind === 'unrecorded') entry.unrecorded = step.unrecorded;
  else if (step.kind === 'threw') {
    if (step.hasValue) entry.error = step.error;
    else if (step.path === undefined) entry.error = undefined;
  } else if (step.hasValue) entry.result = step.result;
  if (step.durationMs !== undefined) entry.durationMs = step.durationMs;
  return entry;
}

export function toRawTrace(model: RecordedModel): Record<string, unknown> {
  const raw: Record<string, unknown> = {};
  if (model.flowName !== undefined) raw.flowName = model.flowName;
  if (model.version !== undefined) raw.version = model.version;
  if (model.hasInitialInput) raw.initialInput = model.initialInput;
  if (model.hasContext) raw.context = model.context;
  if (model.unrecorded) raw.unrecorded = model.unrecorded;
  raw.dropped = model.dropped;
  raw.trace = model.steps.map(rawEntry);
  return raw;
}
