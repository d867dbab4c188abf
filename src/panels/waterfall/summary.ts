// The waterfall in words, for the line under the canvas and for screen
// readers: the selected step's place in time, and which steps threw. Only
// shapes and durations are read, never values.
import type { Indexed, TraceStep } from '../../core/trace/model';
import type { Timing } from '../../core/trace/timing';
import { formatMs } from '../../core/present/step-text';

type Step = Pick<TraceStep, 'index' | 'command' | 'path' | 'kind' | 'threw' | 'durationMs' | 'decision'>;

/** At most this many errors are named; the rest are counted. */
const NAMED_ERRORS = 5;

function outcome(step: Step): string {
  if (step.kind === 'decision') return step.decision?.cancelled ? 'Parallel, cancelled' : 'Parallel, all branches finished';
  if (step.kind === 'unrecorded') return step.threw ? 'threw, value not recorded' : 'returned, value not recorded';
  return step.threw ? 'threw' : 'returned';
}

/** "cmdQuoteBags · path 0p0/1p1/0 · 40.7 ms → 66.4 ms (25.8 ms) · returned" */
export function selectedSummary(step: Step | undefined, timing: Timing): string {
  if (!step) return 'No step selected.';
  const start = timing.startMs[step.index]!;
  const end = timing.endMs[step.index]!;
  const where = step.path === undefined ? `entry ${step.index + 1}` : `path ${step.path}`;
  const loose = timing.row[step.index] === timing.looseRow ? ' · not placed in the structure (path off the grammar)' : '';
  return `${step.command} · ${where} · ${formatMs(start)} → ${formatMs(end)} (${formatMs(step.durationMs)}) · ${outcome(step)}${loose}`;
}

/** "2 steps threw: fetchLivePrice at 5.97 ms (path 1r0/0), …" or "No step threw." */
export function errorsSummary(errorSteps: readonly number[], steps: Indexed<Step>, timing: Timing): string {
  if (errorSteps.length === 0) return 'No step threw.';
  const named = errorSteps.slice(0, NAMED_ERRORS).map((i) => {
    const s = steps.at(i)!;
    return `${s.command} at ${formatMs(timing.startMs[i]!)}${s.path === undefined ? '' : ` (path ${s.path})`}`;
  });
  const more = errorSteps.length > NAMED_ERRORS ? `, and ${(errorSteps.length - NAMED_ERRORS).toLocaleString('en-US')} more` : '';
  const count = errorSteps.length.toLocaleString('en-US');
  return `${count} ${errorSteps.length === 1 ? 'step' : 'steps'} threw, marked ▼ in red: ${named.join(', ')}${more}.`;
}
