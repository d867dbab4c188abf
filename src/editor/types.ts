// Plain data the editor is driven by. Kept apart from CodeEditor.tsx so view-model code can build
// these without importing React or (type-wise) Monaco.

export interface EditorFile {
  readonly name: string;
  readonly text: string;
}

/** info: a plain selection; ok / error: the selected step returned / threw. */
export type HighlightTone = 'ok' | 'error' | 'info';

/**
 * mixed: the line's Command both returned and threw (e.g. Retry attempts).
 * paradox: where a replay diverged from the recording; the whole line is marked.
 */
export type MarkerTone = 'ok' | 'error' | 'mixed' | 'paradox';

export interface EditorHighlight {
  readonly file: string;
  /** 1-based */
  readonly line: number;
  readonly tone: HighlightTone;
  /** a sentence shown in a band under the line (what the step did, what it received), wrapped, never cut off */
  readonly note?: string;
}

export interface EditorMarker {
  readonly file: string;
  /** 1-based */
  readonly line: number;
  readonly tone: MarkerTone;
  /** shown on hover, e.g. 'cmdChargeCard ran 1× · threw 1×' */
  readonly label: string;
  /** short text shown after the line, e.g. '✗ 1× threw' (how many times the Command ran) */
  readonly badge?: string;
  /** drawn from a replay of code that has been edited since: shown faded until the next replay */
  readonly stale?: boolean;
  /** after the person's replay: the Command was never reached ('unreached'), or ran */
  readonly now?: 'unreached' | 'ran';
  /** a step of this Command has a what-if override: its answer in the replay is not the recorded one */
  readonly whatIf?: boolean;
}
