// The step filter's query language, documented here and nowhere else (the
// filter box's placeholder and the README point at it).
//
//   word            Command name, path or value text contains it
//   "a phrase"      value text (the JSON of the result or error) contains it, spaces and all
//   cmd:charge      Command name contains it
//   path:1r0        path contains it
//   is:threw        the step threw
//   is:unreached    the last replay never reached it
//   is:diverged     the last replay diverged here (a TimeParadox)
//   is:noted        it has a note
//   is:starred      it is starred
//
// Every term must hold (AND). Matching is case-insensitive substring; there
// is no OR and no negation, to keep the box predictable while typing.

export const STATUS_WORDS = ['threw', 'unreached', 'diverged', 'noted', 'starred'] as const;
export type StatusWord = (typeof STATUS_WORDS)[number];

export interface StepQuery {
  /** lowercase free words: Command name, path or value text */
  readonly words: readonly string[];
  /** lowercase quoted phrases: value text only */
  readonly phrases: readonly string[];
  readonly cmd: readonly string[];
  readonly path: readonly string[];
  readonly is: readonly StatusWord[];
  /** terms that mean nothing, e.g. `is:slow`: shown to the person, and the query matches nothing */
  readonly unknown: readonly string[];
}

export const EMPTY_QUERY: StepQuery = { words: [], phrases: [], cmd: [], path: [], is: [], unknown: [] };

export function isEmptyQuery(q: StepQuery): boolean {
  return !q.words.length && !q.phrases.length && !q.cmd.length && !q.path.length && !q.is.length && !q.unknown.length;
}

/** Whether the query needs the value text index (the costly part); name, path and status do not. */
export function needsValueText(q: StepQuery): boolean {
  return q.words.length > 0 || q.phrases.length > 0;
}

const isStatusWord = (w: string): w is StatusWord => (STATUS_WORDS as readonly string[]).includes(w);

export function parseQuery(text: string): StepQuery {
  const words: string[] = [];
  const phrases: string[] = [];
  const cmd: string[] = [];
  const path: string[] = [];
  const is: StatusWord[] = [];
  const unknown: string[] = [];
  // A quote left open while typing runs to the end, so the count follows each key.
  const token = /"([^"]*)"?|(\S+)/g;
  for (let m = token.exec(text); m; m = token.exec(text)) {
    if (m[1] !== undefined) {
      const phrase = m[1].toLowerCase();
      if (phrase) phrases.push(phrase);
      continue;
    }
    const raw = m[2]!;
    const colon = raw.indexOf(':');
    const prefix = colon > 0 ? raw.slice(0, colon).toLowerCase() : '';
    const rest = raw.slice(colon + 1).toLowerCase();
    if (prefix === 'cmd') {
      if (rest) cmd.push(rest);
    } else if (prefix === 'path') {
      if (rest) path.push(rest);
    } else if (prefix === 'is') {
      // A half-typed `is:thr` matches nothing until it is a status word, rather than everything.
      if (isStatusWord(rest)) is.push(rest);
      else unknown.push(raw);
    } else words.push(raw.toLowerCase());
  }
  return { words, phrases, cmd, path, is, unknown };
}

/** Why a query matches nothing on purpose, for the box to say; undefined when it is well-formed. */
export function queryProblem(q: StepQuery): string | undefined {
  if (!q.unknown.length) return undefined;
  return `unknown ${q.unknown.join(', ')} (is: takes ${STATUS_WORDS.join(', ')})`;
}
