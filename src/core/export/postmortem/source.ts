// Where the failing Command is in the code that ran in production: found the way the source panel
// finds it (core/source/locate: by the name the trace knows it by), in the original files, with the
// few lines around it and the line that builds it when that is further down.
import type { CodeLocation } from '../../replay/report';
import { findCommandCallLine, locate, type SourceFile } from '../../source/locate';
import { code, fence } from './markdown';

const BEFORE = 2;
const AFTER = 2;
/** A definition and its Command() call may be far apart; past this many lines only the definition shows. */
const MAX_LINES = 14;

function languageOf(name: string): string {
  const ext = /\.([a-z]+)$/i.exec(name)?.[1]?.toLowerCase();
  return ext === 'js' || ext === 'mjs' || ext === 'jsx' ? 'js' : 'ts';
}

function excerpt(file: SourceFile, from: number, to: number): { first: number; last: number; body: string } {
  const all = file.text.split(/\r\n?|\n/);
  let first = Math.max(1, from - BEFORE);
  let last = Math.min(all.length, to + AFTER);
  // Blank lines at the edges say nothing and make the caption's line numbers harder to follow.
  while (first < from && !all[first - 1]?.trim()) first++;
  while (last > to && !all[last - 1]?.trim()) last--;
  return { first, last, body: all.slice(first - 1, last).join('\n') };
}

/**
 * Markdown for where `command` is defined: a caption naming file and lines, then a fenced block.
 * `fallback` is where a replay saw the Command built, for one the text does not name (an inline one).
 */
export function sourceExcerpt(files: readonly SourceFile[], command: string, fallback?: CodeLocation): string | undefined {
  const at = locate(files, command) ?? (fallback ? { ...fallback, how: 'call' as const } : undefined);
  const file = at && files.find((f) => f.name === at.file);
  if (!at || !file) return undefined;
  const call = findCommandCallLine(files, command);
  const reach = call && call.file === at.file && call.line > at.line && call.line - at.line + BEFORE + AFTER < MAX_LINES ? call.line : at.line;
  const { first, last, body } = excerpt(file, at.line, reach);
  const what = at.how === 'call' || at.how === 'meta' ? 'built' : 'defined';
  const built = reach !== at.line ? `, built by the \`Command(\` call on line ${reach}` : '';
  return `${code(command)} is ${what} in ${code(file.name)} on line ${at.line}${built} (lines ${first}–${last}):\n\n${fence(body, languageOf(file.name))}`;
}
