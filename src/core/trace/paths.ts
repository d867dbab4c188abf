// The path grammar of pure-effect traces (spec §4.5):
//   path    = *( segment "/" ) leaf
//   segment = num "r" num / num "rf" / num "p" num
//   leaf    = num / num "p"          ; a Command, or a Parallel decision
// Parsing is strict: a path that does not follow the recorder's format yields
// `undefined`, and such an entry takes no part in the structure.

export type PathSegment =
  | { readonly kind: 'attempt'; readonly step: number; readonly attempt: number }
  | { readonly kind: 'fallback'; readonly step: number }
  | { readonly kind: 'branch'; readonly step: number; readonly branch: number };

export type PathLeaf =
  | { readonly kind: 'command'; readonly step: number }
  | { readonly kind: 'decision'; readonly step: number };

export interface ParsedPath {
  readonly segments: readonly PathSegment[];
  readonly leaf: PathLeaf;
}

const SEGMENT = /^(\d+)(?:r(\d+)|(rf)|p(\d+))$/;
const LEAF = /^(\d+)(p?)$/;

export function parsePath(path: string): ParsedPath | undefined {
  const parts = path.split('/');
  const leafText = parts.pop();
  const leafMatch = leafText === undefined ? null : LEAF.exec(leafText);
  if (!leafMatch) return undefined;
  const segments: PathSegment[] = [];
  for (const part of parts) {
    const m = SEGMENT.exec(part);
    if (!m) return undefined;
    const step = Number(m[1]);
    if (m[2] !== undefined) segments.push({ kind: 'attempt', step, attempt: Number(m[2]) });
    else if (m[3] !== undefined) segments.push({ kind: 'fallback', step });
    else segments.push({ kind: 'branch', step, branch: Number(m[4]) });
  }
  const step = Number(leafMatch[1]);
  return { segments, leaf: { kind: leafMatch[2] ? 'decision' : 'command', step } };
}

/**
 * The parsed path of a step. Not stored on the step: a model crosses to the UI
 * thread by structured clone, and two small objects per step made that clone
 * several times slower than the trace's own values.
 */
export function parsedPathOf(step: { readonly path: string | undefined }): ParsedPath | undefined {
  return step.path === undefined ? undefined : parsePath(step.path);
}

/** The text of one segment, as it appears in a path. */
export function segmentText(segment: PathSegment): string {
  switch (segment.kind) {
    case 'attempt':
      return `${segment.step}r${segment.attempt}`;
    case 'fallback':
      return `${segment.step}rf`;
    case 'branch':
      return `${segment.step}p${segment.branch}`;
  }
}

/** The prefix (ending in '/') of the sequence a path's leaf lives in, '' at the root. */
export function sequencePrefix(parsed: ParsedPath): string {
  return parsed.segments.map((s) => segmentText(s) + '/').join('');
}
