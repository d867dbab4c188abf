// Supporting data: the narration exactly as timeTravel prints it (collapsed, and capped: a
// 5,000-step trace narrates megabytes), and how to open the capsule that holds everything.
import { code, count, details, fence, plural } from './markdown';

const MAX_LINES = 400;
const MAX_CHARS = 40_000;

function narrationBlock(narration: readonly string[]): string {
  const all = narration.join('\n');
  const lines = all.split('\n');
  let shown = lines.slice(0, MAX_LINES).join('\n');
  if (shown.length > MAX_CHARS) shown = shown.slice(0, MAX_CHARS);
  const cut = shown.length < all.length;
  const lineCount = shown.split('\n').length;
  const note = cut ? `\n\nThe first ${plural(lineCount, 'line')} of ${count(lines.length)}; the capsule replays to the whole narration.` : '';
  return details(`Narration, as timeTravel prints it (${plural(lines.length, 'line')})`, `${fence(shown, 'text')}${note}`);
}

/** A file name as a shell argument: quoted unless it is plainly safe. */
function shellArg(name: string): string {
  if (name.startsWith('-')) return shellArg(`./${name}`);
  return /^[\w.@%+=:,/-]+$/.test(name) ? name : `'${name.replace(/'/g, `'\\''`)}'`;
}

function openCapsule(capsuleName: string | undefined): string {
  if (!capsuleName) {
    return 'To share the whole incident (trace, sources, edits and notes), use Share → Download capsule in Timescope and attach the file here.';
  }
  return [
    `The capsule ${code(capsuleName)} holds the trace, the sources, the edits and these notes. To open it:`,
    '',
    '- in Timescope, drop the file on the page: the code is shown, and runs only when you press Replay;',
    `- in a terminal, ${code(`npx timescope replay ${shellArg(capsuleName)}`)} replays it (add ${code('--edited')} for the edited code).`
  ].join('\n');
}

export function supportingSection(narration: readonly string[], capsuleName: string | undefined): string {
  const parts = [narration.length ? narrationBlock(narration) : 'No narration: replay in Timescope, then export again.', openCapsule(capsuleName)];
  return parts.join('\n\n');
}
