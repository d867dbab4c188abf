// Logpoints as plain data: what a person asks for, where the replay placed it, and every time
// its line ran. A replay report carries them (report.ts `logs`), so they cross postMessage.
import type { Stored } from '../replay/report';

/** "Show `expr` at line `line` of `file`, every time it runs." */
export interface Logpoint {
  /** stable across edits and replays (the app's key, the CLI's `file:line=expr`) */
  readonly id: string;
  readonly file: string;
  /** 1-based, in the person's own source */
  readonly line: number;
  readonly expr: string;
}

/**
 * Where the value is read, on the line's first statement:
 * - `after`: once a declaration or an expression statement has run (`const total = …` shows total);
 * - `before`: before a return, throw, condition or loop, which ends or branches on the line;
 * - `entry`: on entry to the function the line declares, each call (its parameters in scope).
 */
export type LogTiming = 'after' | 'before' | 'entry';

export type LogPlacement =
  | {
      readonly id: string;
      readonly file: string;
      readonly line: number;
      readonly expr: string;
      readonly placed: true;
      readonly timing: LogTiming;
      /**
       * Where it reads, when that is not the line itself: a line inside a Command's function reads
       * where the Command is built, since a replay never runs that function. Completes "This logpoint …".
       */
      readonly note?: string;
    }
  | {
      readonly id: string;
      readonly file: string;
      readonly line: number;
      readonly expr: string;
      readonly placed: false;
      /** a sentence fragment that completes "This logpoint …" */
      readonly reason: string;
      /** 1-based column in the expression, when the expression is at fault */
      readonly column?: number;
    };

/** One time a logpoint's line ran. */
export interface LogHit {
  readonly id: string;
  /** order among all hits of the replay */
  readonly seq: number;
  /**
   * The step it belongs to, as the report's steps list it (index into `steps`): the step whose
   * answer the running code handles (a next, onExhausted after its last try), or, before any step
   * has run in the flow, the step being built. Undefined when no step followed.
   */
  readonly step?: number;
  /** the step's path, when there is a step */
  readonly path?: string;
  /** the value, copied when the line ran */
  readonly value?: Stored;
  readonly hasValue: boolean;
  /** how the value reads where JSON cannot hold it: `NaN`, `-Infinity`, `-0`, `10n`, `undefined`, `function f` (value is null) */
  readonly text?: string;
  /** what evaluating the expression threw, as `TypeError: …` */
  readonly error?: string;
}

export interface LogReport {
  readonly placements: readonly LogPlacement[];
  readonly hits: readonly LogHit[];
  /** hits per logpoint id, counted even past the kept hits' cap */
  readonly counts: Readonly<Record<string, number>>;
  /** hits not kept (over MAX_HITS), counted */
  readonly dropped: number;
}

/** A pinned hit: the logpoint and the hit's order in its replay (`LogHit.seq`), with what it showed. */
export interface PinnedHit {
  readonly id: string;
  readonly seq: number;
  /** the step it belongs to, by its place in the report's steps */
  readonly step?: number;
  /**
   * That step's path (LogHit.path): it finds the recorded step in any replay of the trace, where
   * `step` counts in the one report the hit came from (core/logpoints/pins.ts reads both).
   */
  readonly path?: string;
  /** the value or error as text, when pinned (the report it came from may be replaced) */
  readonly text: string;
  readonly file: string;
  readonly line: number;
  readonly expr: string;
}
