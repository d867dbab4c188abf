// The what-if overrides the last replay ran with, listed in the Resolution: which step answered
// otherwise and what it answered, so a reader knows the verdict is about a hypothetical, not the
// recording. Values are someone else's (a shared incident): they go in code spans and fences.
import type { TraceModel } from '../../trace/model';
import type { StepOverride } from '../../whatif/apply';
import { overriddenIndices, whatIfCountText } from '../../whatif/describe';
import { code, jsonBlock, text } from './markdown';
import { stepRef } from './resolution';

function answer(o: StepOverride): string {
  switch (o.kind) {
    case 'result':
      return o.value === undefined ? 'returns nothing (undefined):' : 'returns:';
    case 'throw':
      return `throws ${code(o.error.name)}: ${code(o.error.message)}${o.error.code !== undefined ? ` (code ${code(JSON.stringify(o.error.code))})` : ''}`;
    case 'cancelled':
      return o.branch === null ? 'no recorded cancellation: by timing' : `branch ${o.branch} cancels the others`;
  }
}

export function whatIfSection(model: TraceModel, overrides: readonly StepOverride[], stepLink: (i: number) => string | undefined): string {
  if (!overrides.length) return '';
  const at = overriddenIndices(overrides, model.byPath, model.steps.length);
  const items = [...at].map(([index, o]) => {
    const head = `- ${stepRef(model, index, stepLink)} ${answer(o)}`;
    return o.kind === 'result' && o.value !== undefined ? `${head}\n\n${jsonBlock(o.value).replace(/^/gm, '  ')}` : head;
  });
  const lead = `**${text(`${whatIfCountText(overrides.length)}.`)}** The last replay answered these steps otherwise than production did; the verdict compares with the unchanged recording.`;
  return [lead, '', ...items].join('\n');
}
