// What the filter searches, as columns: lowercase Command names and paths
// (cheap, kept from the start) and the lowercase JSON of each step's value,
// made on first need and kept, so only the first value search pays for it and
// every later keystroke is a plain substring scan.
// Plain data and functions, no DOM: it lives in the search worker today and
// can move to an engine worker unchanged.

/** The part of a step the filter reads; what the UI thread sends the worker. */
export interface SearchStep {
  readonly command: string;
  readonly path: string | undefined;
  readonly threw: boolean;
  readonly result?: unknown;
  readonly error?: unknown;
}

export interface SearchCorpus {
  readonly commands: string[];
  readonly paths: string[];
  readonly threw: boolean[];
  /** the raw value until its text is made, then undefined so the object can be collected */
  readonly pending: unknown[];
  /** lowercase JSON of result or error; undefined until made */
  readonly texts: (string | undefined)[];
}

export function emptyCorpus(): SearchCorpus {
  return { commands: [], paths: [], threw: [], pending: [], texts: [] };
}

export function addSteps(corpus: SearchCorpus, steps: readonly SearchStep[]): void {
  for (const s of steps) {
    corpus.commands.push(s.command.toLowerCase());
    corpus.paths.push((s.path ?? '').toLowerCase());
    corpus.threw.push(s.threw);
    corpus.pending.push(s.threw ? s.error : s.result);
    corpus.texts.push(undefined);
  }
}

export const corpusSize = (corpus: SearchCorpus): number => corpus.commands.length;

function jsonText(value: unknown): string {
  if (value === undefined) return '';
  try {
    return JSON.stringify(value)?.toLowerCase() ?? '';
  } catch {
    // A value JSON cannot write (a BigInt, say) is simply not searchable by its text.
    return '';
  }
}

/** The step's value text, made now if it was not yet. */
export function valueText(corpus: SearchCorpus, i: number): string {
  let text = corpus.texts[i];
  if (text === undefined) {
    text = jsonText(corpus.pending[i]);
    corpus.texts[i] = text;
    corpus.pending[i] = undefined;
  }
  return text;
}

/** Makes the value texts of steps from..to-1 ahead of need (the worker does this while idle); returns where it stopped. */
export function warmTexts(corpus: SearchCorpus, from: number, to: number): number {
  const end = Math.min(to, corpusSize(corpus));
  for (let i = from; i < end; i++) valueText(corpus, i);
  return end;
}
