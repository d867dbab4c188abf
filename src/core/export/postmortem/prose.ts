// The summary and the impact are Markdown a person wrote (the app renders them with markdown-it,
// raw HTML off, no images, single newlines as breaks). They may also be someone else's, from a
// shared incident, so in the document they must stay what the app showed: Markdown, never HTML,
// and never able to swallow the sections after them with a fence left open.
//
// Which `<` starts HTML depends on the whole parse (a code span can cross lines, a list item ends
// one), so a CommonMark parser decides: the lines of any block it reads as holding HTML or an image
// get their `<` and `![` escaped; everything else, code spans with `Array<string>` in them
// included, is kept as written.
import MarkdownIt, { type Token } from 'markdown-it';
import { fence, visible } from './markdown';

// html: true so the parse sees what GitHub (which allows some HTML) would see.
const md = new MarkdownIt({ html: true, linkify: false });

const PROBE = 'timescope-end-of-prose';

/** Line numbers of blocks whose content would render as HTML or an image. */
function riskyLines(tokens: readonly Token[]): Set<number> {
  const lines = new Set<number>();
  for (const t of tokens) {
    const risky = t.type === 'html_block' || (t.type === 'inline' && (t.children ?? []).some((c) => c.type === 'html_inline' || c.type === 'image'));
    if (risky && t.map) for (let i = t.map[0]; i < t.map[1]; i++) lines.add(i);
  }
  return lines;
}

const inert = (line: string) => line.replace(/</g, '&lt;').replace(/!\[/g, '!\\[');

/** Escapes HTML and images where the parser finds them, until it finds none. */
function withoutHtml(lines: string[]): string[] | undefined {
  let out = lines;
  for (let pass = 0; pass < 4; pass++) {
    const risky = riskyLines(md.parse(out.join('\n'), {}));
    if (risky.size === 0) return out;
    out = out.map((line, i) => (risky.has(i) ? inert(line) : line));
  }
  return undefined;
}

/** Whether text after the prose would still be read as its own paragraph (no open fence swallows it). */
function endsClosed(markdown: string): boolean {
  const tokens = md.parse(`${markdown}\n\n${PROBE}`, {});
  const last = tokens.at(-2);
  return last?.type === 'inline' && last.content === PROBE;
}

/** The app reads a single newline as a line break; Markdown files need two trailing spaces for that. */
function hardBreaks(lines: string[]): string[] {
  const out = [...lines];
  const tokens = md.parse(lines.join('\n'), {});
  for (const [k, t] of tokens.entries()) {
    // Only paragraphs: a heading is one line, and a table's rows must keep their ends.
    if (t.type !== 'inline' || !t.map || tokens[k - 1]?.type !== 'paragraph_open') continue;
    for (let i = t.map[0]; i < t.map[1] - 1; i++) out[i] = `${(out[i] as string).replace(/\s+$/, '')}  `;
  }
  return out;
}

/** A person's Markdown, safe to place between our sections. */
export function prose(markdown: string): string {
  const lines = visible(markdown).replace(/\s+$/, '').split('\n');
  const safe = withoutHtml(lines);
  if (!safe) return fence(markdown, 'text');
  let out = hardBreaks(safe).join('\n');
  if (!endsClosed(out)) {
    // A fence left open: close it with its own marker, as the app's preview implicitly does.
    const open = md.parse(out, {}).filter((t) => t.type === 'fence').at(-1);
    out = `${out}\n${open?.markup ?? '```'}`;
    if (!endsClosed(out)) return fence(markdown, 'text');
  }
  return out;
}
