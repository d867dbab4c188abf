// Supporting data: what production did, narrated from the recording (collapsed, and capped: a
// 5,000-step trace narrates megabytes); then, apart and labelled, what the fix does: its verdict
// and its own replay's narration; and how to open the whole incident. The document names no file
// it does not ship: the one thing it hands over is the incident link at its top.
import { count, details, fence, plural, text } from './markdown';

const MAX_LINES = 400;
const MAX_CHARS = 40_000;

function narrationBlock(summary: string, narration: readonly string[]): string {
  const all = narration.join('\n');
  const lines = all.split('\n');
  let shown = lines.slice(0, MAX_LINES).join('\n');
  if (shown.length > MAX_CHARS) shown = shown.slice(0, MAX_CHARS);
  const cut = shown.length < all.length;
  const lineCount = shown.split('\n').length;
  const note = cut ? `\n\nThe first ${plural(lineCount, 'line')} of ${count(lines.length)}; Timescope narrates the rest once the incident is open.` : '';
  return details(`${summary} (${plural(lines.length, 'line')})`, `${fence(shown, 'text')}${note}`);
}

function openingIt(linked: boolean): string {
  const where = linked
    ? 'The incident link at the top of this document holds the trace, the sources, the edits and the notes (redacted as a shared link).'
    : 'This incident is too big for a link: ask its author for the capsule (Share → Download capsule in Timescope).';
  return [
    where,
    '',
    "- in Timescope, the flow's code is shown, and runs only when you press Replay;",
    '- in a terminal, download its capsule from Share in Timescope, then run `npx timescope replay <capsule>`.'
  ].join('\n');
}

export interface Narrations {
  /** what production did: the replay of the recorded code, or the recording's own narration */
  readonly production: readonly string[];
  /** what the fix does, when the last replay ran something else than production's code */
  readonly fix?: { readonly verdict: string | undefined; readonly narration: readonly string[] };
}

export function supportingSection(narrations: Narrations, linked: boolean): string {
  const parts = [
    '**What production did**, as the recording tells it:',
    narrations.production.length ? narrationBlock('Production, narrated as timeTravel prints it', narrations.production) : 'No narration: the recording holds no steps to tell.'
  ];
  const fix = narrations.fix;
  if (fix) {
    parts.push(`**What the fix does**, replayed against the same recording: ${fix.verdict ? `${text(fix.verdict)}.` : 'no verdict yet.'}`);
    if (fix.narration.length) parts.push(narrationBlock("The fix's replay, narrated", fix.narration));
  }
  parts.push(openingIt(linked));
  return parts.join('\n\n');
}
