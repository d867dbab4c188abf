// What the filter searches, as columns: lowercase Command names and paths
// (cheap, kept from the start) and the lowercase JSON of each step's value,
// made on first need and kept, so only the first value search pays for it and
// every later keystroke is a plain substring scan.
// Plain data and functions, no DOM: it lives in the search worker today and
// can move to an engine worker unchanged.
import { textAt, THREW, type StepColumns } from '../trace/columns';

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
  /** the value step i shows (its error if it threw, else its result), read once, when its text is first made */
  readonly valueOf: (i: number) => unknown;
  /** lowercase JSON of result or error; undefined until made */
  readonly texts: (string | undefined)[];
}

/** The corpus of steps given whole (tests, small traces). */
export function corpusOfSteps(steps: readonly SearchStep[]): SearchCorpus {
  return {
    commands: steps.map((s) => s.command.toLowerCase()),
    paths: steps.map((s) => (s.path ?? '').toLowerCase()),
    threw: steps.map((s) => s.threw),
    valueOf: (i) => (steps[i]?.threw ? steps[i].error : steps[i]?.result),
    texts: new Array<string | undefined>(steps.length)
  };
}

/** The corpus of a trace the engine holds: names and paths from its columns, each value read from the engine when its text is first made. */
export function corpusOfColumns(c: StepColumns, valueOf: (i: number) => unknown): SearchCorpus {
  const names = c.commandNames.map((n) => n.toLowerCase());
  const commands: string[] = new Array(c.count);
  const paths: string[] = new Array(c.count);
  const threw: boolean[] = new Array(c.count);
  for (let i = 0; i < c.count; i++) {
    commands[i] = names[c.command[i]!]!;
    paths[i] = textAt(c.pathText, c.pathStart, i).toLowerCase();
    threw[i] = (c.flags[i]! & THREW) !== 0;
  }
  return { commands, paths, threw, valueOf, texts: new Array<string | undefined>(c.count) };
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
    text = jsonText(corpus.valueOf(i));
    corpus.texts[i] = text;
  }
  return text;
}

/** Makes the value texts of steps from..to-1 ahead of need (the worker does this while idle); returns where it stopped. */
export function warmTexts(corpus: SearchCorpus, from: number, to: number): number {
  const end = Math.min(to, corpusSize(corpus));
  for (let i = from; i < end; i++) valueText(corpus, i);
  return end;
}
