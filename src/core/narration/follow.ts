// Which printed line belongs to which recorded step, so the narration can
// follow the selected step. Log calls hold newlines (a step's JSON value), so
// each call's first printed line and its extent are worked out once.
import type { ReplayReport } from '../replay/report';
import type { NarrationLine } from './lines';

export interface PrintedNarration {
  /** the text split into printed lines */
  readonly lines: readonly string[];
  /** recorded step index -> [first printed line, line after its last] */
  readonly spans: ReadonlyMap<number, readonly [number, number]>;
}

export function printNarration(calls: readonly Pick<NarrationLine, 'text' | 'stepIndex'>[]): PrintedNarration {
  const lines: string[] = [];
  const spans = new Map<number, readonly [number, number]>();
  for (const call of calls) {
    const start = lines.length;
    for (const line of call.text.split('\n')) lines.push(line);
    if (call.stepIndex !== undefined && !spans.has(call.stepIndex)) spans.set(call.stepIndex, [start, lines.length]);
  }
  return { lines, spans };
}

const STEP_LINE = /^Step \d+: /;

/**
 * A replay's narration as log calls tagged with the recorded step each Step line narrates: the
 * Step lines are printed, in order, for the steps the replay answered from the trace.
 */
export function tagReplayNarration(report: Pick<ReplayReport, 'narration' | 'steps'>): { text: string; stepIndex?: number }[] {
  const answered = report.steps.filter((s) => s.type === 'Command' && s.status === 'answered' && s.entryIndex !== undefined).map((s) => s.entryIndex!);
  let next = 0;
  return report.narration.map((text) => {
    if (!STEP_LINE.test(text) || next >= answered.length) return { text };
    return { text, stepIndex: answered[next++]! };
  });
}
