// The fix: what the person changed (a unified diff of each edited file against the original, which
// GitHub colours in a ```diff block), how the last replay ended, and which recorded steps the new
// code no longer reaches.
import { createTwoFilesPatch, FILE_HEADERS_ONLY } from 'diff';
import type { ReplayReport } from '../../replay/report';
import type { TraceModel } from '../../trace/model';
import { failureList } from './error';
import { code, count, details, fence, jsonBlock, link, plural } from './markdown';

export interface Source {
  readonly name: string;
  readonly original: string;
  readonly edited?: string;
}

/** Lines of diff shown per file; a longer one is cut, and the incident holds both versions. */
const MAX_DIFF_LINES = 300;
/** Beyond this many edits the diff is not worth computing (and could take long): say so instead. */
const MAX_EDIT_LENGTH = 5_000;

export const editedSources = (sources: readonly Source[]) => sources.filter((s) => s.edited !== undefined && s.edited !== s.original);

function fileDiff(source: Source): string {
  const patch = createTwoFilesPatch(`a/${source.name}`, `b/${source.name}`, source.original, source.edited ?? '', undefined, undefined, {
    context: 3,
    headerOptions: FILE_HEADERS_ONLY,
    maxEditLength: MAX_EDIT_LENGTH
  });
  if (patch === undefined) return `${code(source.name)} changed in too many places to show here; the incident, open in Timescope, holds both versions.`;
  const lines = patch.replace(/\n$/, '').split('\n');
  const shown = lines.slice(0, MAX_DIFF_LINES);
  const cut = lines.length > shown.length ? `\n\nThe diff goes on for ${plural(lines.length - shown.length, 'more line')}; the incident, open in Timescope, holds both versions.` : '';
  return `${fence(shown.join('\n'), 'diff')}${cut}`;
}

/** "step 3, [`cmdChargeCard`](…) (path `2`)" */
export function stepRef(model: TraceModel, index: number, stepLink: (i: number) => string | undefined): string {
  const step = model.steps.at(index);
  const name = step ? code(step.command) : 'a step';
  const path = step?.path !== undefined ? ` (path ${code(step.path)})` : '';
  return `${link(`step ${index + 1}`, stepLink(index))}, ${name}${path}`;
}

/** How many unreached steps to name before counting the rest. */
const MAX_NAMED = 12;

export function unreachedList(model: TraceModel, unreached: readonly number[], stepLink: (i: number) => string | undefined): string {
  if (unreached.length === 0) return 'Every recorded step is still reached.';
  const named = unreached.slice(0, MAX_NAMED).map((i) => `- ${stepRef(model, i, stepLink)}`);
  const more = unreached.length > MAX_NAMED ? [`- and ${count(unreached.length - MAX_NAMED)} more`] : [];
  return [`Now unreached (${plural(unreached.length, 'recorded step')}):`, '', ...named, ...more].join('\n');
}

export function resolutionSection(input: {
  readonly model: TraceModel;
  readonly sources: readonly Source[];
  readonly lastReplay: ReplayReport | undefined;
  readonly verdictLine: string | undefined;
  readonly stepLink: (i: number) => string | undefined;
}): string {
  const edited = editedSources(input.sources);
  const parts: string[] = [];
  const result = input.lastReplay?.status === 'resolved' ? input.lastReplay.result : undefined;
  if (input.verdictLine) parts.push(`Last replay: **${input.verdictLine}**.`);
  else parts.push('Not replayed yet: replay in Timescope, then export again to fill this in.');
  // A replay fault's message is long and says what to do: in full, in a block of its own.
  const fault = input.lastReplay?.fault;
  const thrownAt = input.lastReplay?.rejection?.location;
  if (fault) parts.push(fence(fault.message, 'text'));
  else if (thrownAt) parts.push(`It was thrown in ${code(thrownAt.file)} on line ${thrownAt.line}.`);
  else if (result?.type === 'Failure') parts.push(`It ended in a Failure:\n\n${failureList(result.error)}`);
  else if (result?.type === 'Success') parts.push(details('What the flow returned', jsonBlock(result.value)));
  if (edited.length === 0) parts.push('The code is unchanged: no fix has been tried yet.');
  for (const source of edited) parts.push(`${edited.length > 1 ? `${code(source.name)}:\n\n` : ''}${fileDiff(source)}`);
  const unreached = input.lastReplay?.unreached ?? [];
  if (unreached.length > 0 || (input.lastReplay && edited.length > 0)) parts.push(unreachedList(input.model, unreached, input.stepLink));
  return parts.join('\n\n');
}
