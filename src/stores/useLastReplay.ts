// The last finished replay as the panels read it: its report, whether the
// app ran it by itself on load, and whether the code has been edited since
// (then every mark drawn from it says it is stale until the next replay).
import { useMemo } from 'react';
import type { ReplayReport } from '../core/replay/report';
import type { Verdict } from '../core/verdict/verdict';
import { shownReplay, useReplayStore } from './replayStore';
import { effectiveFiles, useSourceStore, type SourceFile } from './sourceStore';
import type { StepOverride } from '../core/whatif/apply';

export interface LastReplay {
  readonly report: ReplayReport;
  readonly verdict: Verdict['kind'] | undefined;
  /** replayed by the app on load, with the code unchanged: a baseline, not the person's experiment */
  readonly auto: boolean;
  /** the code on screen differs from the code that was replayed */
  readonly stale: boolean;
  /** the files as replayed: the report's line numbers refer to these */
  readonly files: readonly SourceFile[];
  /** the what-if overrides it replayed with */
  readonly overrides: readonly StepOverride[];
}

export function sameFiles(a: readonly SourceFile[], b: readonly SourceFile[]): boolean {
  return a.length === b.length && a.every((f, i) => f.name === b[i]!.name && f.text === b[i]!.text);
}

/** undefined until a replay produced a report for this trace. */
export function useLastReplay(): LastReplay | undefined {
  // The shown replay itself, not the run: a replay starting, or its verdict arriving ahead of its
  // answer, changes the run but not what the panels show, and must not redraw them.
  const done = useReplayStore((s) => shownReplay(s.run));
  const edits = useReplayStore((s) => s.edits);
  const originals = useSourceStore((s) => s.files);
  return useMemo(() => {
    if (!done?.report) return undefined;
    const stale = !sameFiles(effectiveFiles(originals, edits), done.files);
    return { report: done.report, verdict: done.verdict?.kind, auto: done.auto, stale, files: done.files, overrides: done.overrides };
  }, [done, edits, originals]);
}
