// Trigger and root cause: the step that failed, what it threw, the value it received (from a
// replay of the unchanged code: on a failing step that is usually the answer, `total: 0`), what
// the step before changed in it, and where the Command is in the source.
import type { ValueChange } from '../../present/diff';
import { preview } from '../../present/step-text';
import { errorsOf, shortError, whyOf } from '../../present/why';
import type { ReplayReport } from '../../replay/report';
import type { SourceFile } from '../../source/locate';
import type { TraceModel } from '../../trace/model';
import { errorList, failureList } from './error';
import { code, details, fence, jsonBlock, plural, text } from './markdown';
import { stepRef } from './resolution';
import { sourceExcerpt } from './source';

const MAX_CHANGES = 8;

function changeLine(c: ValueChange): string {
  if (c.kind === 'added') return `- ${code(`${c.path}: ${preview(c.after)}`)} (new)`;
  if (c.kind === 'removed') return `- ${code(c.path)} removed (was ${code(preview(c.before))})`;
  return `- ${code(`${c.path}: ${preview(c.before)} → ${preview(c.after)}`)}`;
}

/** What the step received in the replay of the unchanged code, and what produced it (core/present/why.ts). */
function received(model: TraceModel, report: ReplayReport | undefined, index: number): string {
  if (!report) return 'Replay the unchanged code in Timescope to see the value this step received.';
  const why = whyOf(report, index, errorsOf(model.steps));
  const here = why.here;
  if (!here?.hasBefore) return 'The replay kept no value for what this step received.';
  const sentence = why.by ? why.sentence.replace(why.by, code(why.by)) : why.sentence;
  const parts = [`It received, ${sentence}:`];
  if (why.hasLastError) parts.push(`The last error: ${code(shortError(why.lastError))}`);
  if (why.changes.length) {
    const shown = why.changes.slice(0, MAX_CHANGES).map(changeLine);
    const more = why.changes.length > MAX_CHANGES ? [`- and ${plural(why.changes.length - MAX_CHANGES, 'more change')}`] : [];
    parts.push([...shown, ...more].join('\n'));
  }
  parts.push(details('The whole value it received', jsonBlock(here.before)));
  return parts.join('\n\n');
}

export function triggerSection(input: {
  readonly model: TraceModel;
  readonly baseline: ReplayReport | undefined;
  readonly files: readonly SourceFile[];
  readonly stepLink: (i: number) => string | undefined;
}): string {
  const { model, baseline, files, stepLink } = input;
  const outcome = model.outcome;
  if (outcome.known) {
    const step = model.steps.at(outcome.stepIndex);
    const at = baseline?.steps.find((s) => s.entryIndex === outcome.stepIndex)?.location;
    const where = step ? sourceExcerpt(files, step.command, at) : undefined;
    return [
      `The run failed at ${stepRef(model, outcome.stepIndex, stepLink)}, which threw:`,
      errorList(outcome.error, step?.hasValue ?? true).join('\n'),
      received(model, baseline, outcome.stepIndex),
      where ?? 'The loaded source does not name this Command, so its line is not shown.'
    ].join('\n\n');
  }
  const result = baseline?.status === 'resolved' ? baseline.result : undefined;
  if (baseline?.fault) return `The recording does not show how the run ended (${text(outcome.reason)}), and the replay of the unchanged code stopped with a ${baseline.fault.kind}:\n\n${fence(baseline.fault.message, 'text')}`;
  if (result?.type === 'Failure') {
    const last = [...(baseline?.steps ?? [])].reverse().find((s) => s.entryIndex !== undefined);
    const after = last?.entryIndex !== undefined ? ` after ${stepRef(model, last.entryIndex, stepLink)}` : '';
    return `No Command threw: the flow's own code returned a Failure${after}:\n\n${failureList(result.error)}`;
  }
  if (result?.type === 'Success' || !baseline) {
    const threw = model.errorSteps.slice(0, 5).map((i) => `- ${stepRef(model, i, stepLink)}`);
    const absorbed = threw.length ? `\n\nSteps that threw and were absorbed (a Retry or a fallback):\n\n${threw.join('\n')}` : '';
    const ended = result ? 'The run ended in Success: no step failed.' : `The recording does not show how the run ended: ${text(outcome.reason)}.`;
    return `${ended}${absorbed}`;
  }
  return `The replay of the unchanged code did not finish: ${text(baseline.rejection?.text.message ?? 'it was rejected')}.`;
}
