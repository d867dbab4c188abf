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

/** How a logpoint's line reads after its code: a value, an error, nothing yet, or refused. */
export type LogpointTone = 'value' | 'error' | 'muted' | 'refused';

/** A logpoint as the editor draws it: a ◆ in the gutter and its summary after the line's code. */
export interface EditorLogpoint {
  readonly id: string;
  readonly file: string;
  /** 1-based */
  readonly line: number;
  readonly expr: string;
  /** after the line, e.g. '◆ total = 0 · 1 hit' */
  readonly summary: string;
  /** the same in full, for the gutter's tooltip */
  readonly label: string;
  readonly tone: LogpointTone;
  /** why the expression as typed is refused (shown under the line while it is typed) */
  readonly refusal?: string | undefined;
}

/** What the editor asks of its parent about logpoints; the parent owns them (a store). */
export interface LogpointActions {
  /** add a logpoint on the line and open its input, or remove the one there */
  toggle(file: string, line: number): void;
  /** open (or with undefined close) a logpoint's input */
  edit(id: string | undefined): void;
  /** the expression as typed */
  setExpr(id: string, expr: string): void;
  /** Esc: a new logpoint goes, an edited one gets back the expression it had */
  cancel(id: string, before: string): void;
  /** its line moved (lines inserted or removed above it) */
  moved(id: string, line: number): void;
}

/** The expression under the mouse, as the editor found it. */
export interface HoverTarget {
  readonly file: string;
  readonly line: number;
  /** 1-based, where the expression starts */
  readonly column: number;
  readonly expr: string;
}

/** What to show for it: its value where the line runs, or why not. */
export interface HoverView extends HoverTarget {
  readonly text: string;
  readonly tone: 'value' | 'error' | 'muted';
  readonly busy: boolean;
}
