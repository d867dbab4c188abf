// Everything about replaying the open trace: the person's edits to the flow
// (kept per trace in local storage), the chosen export, the time limit, the
// replay context, and the last run's outcome. Reset when a trace opens.
import type { Production } from '../core/verdict/verdict';
import { create } from 'zustand';
import type { RunResult } from '../core/source/runFlow';
import type { Verdict } from '../core/verdict/verdict';
import type { CodeLocation, ReplayReport } from '../core/replay/report';
import type { SourceFile } from './sourceStore';
import type { StepOverride } from '../core/whatif/apply';
import type { AmbientSettings } from '../core/source/ambient';

/** A finished replay, as the verdict and the panels read it. */
export interface ReplayDoneState {
  readonly result: RunResult;
  readonly report: ReplayReport | undefined;
  readonly verdict: Verdict | undefined;
  readonly ms: number;
  readonly edited: boolean;
  /** the app replayed the unchanged flow by itself, on load, to show each step's values */
  readonly auto: boolean;
  /** the files as they were replayed: lines in the report refer to these, and later edits make it stale */
  readonly files: readonly SourceFile[];
  /** the what-if overrides this run replayed with (none: the recording as it is) */
  readonly overrides: readonly StepOverride[];
  /** production's outcome the verdict was judged against, and how it is known (none: not proven) */
  readonly production?: Production;
  /** the fixed clock and seed this run replayed with (none: the real ones), to name them beside its reads */
  readonly ambient?: AmbientSettings;
}

export type ReplayRunState =
  | { readonly status: 'idle' }
  | {
      readonly status: 'running';
      readonly startedAt: number;
      readonly auto: boolean;
      /**
       * The verdict, known before the rest of the answer: its report has no steps and no narration
       * yet (the worker is still packing each step's record and values). Only the verdict banner
       * shows it; every other panel waits for 'done'.
       */
      readonly early?: ReplayDoneState;
      /**
       * The last finished replay, which the panels go on showing (stale, if the code changed since)
       * until this one answers: pressing Replay does not blank every replayed value and mark for the
       * second the replay takes, nor make the page draw them all twice.
       */
      readonly previous?: ReplayDoneState;
    }
  | ({ readonly status: 'done' } & ReplayDoneState)
  | { readonly status: 'failed'; readonly message: string; readonly reason: ReplayFailure };

/** The finished replay the panels show: the last one, or while the next runs, the one before it. */
export function shownReplay(run: ReplayRunState): ReplayDoneState | undefined {
  if (run.status === 'done') return run;
  return run.status === 'running' ? run.previous : undefined;
}

/**
 * Why a replay has no result: stopped at the time limit, its sandbox died
 * (most likely out of memory), the input was unusable (no source, bad
 * context JSON), or the sandbox itself failed.
 */
export type ReplayFailure = 'timeout' | 'memory' | 'input' | 'sandbox';

const TIMEOUT_KEY = 'timescope.replayTimeoutMs';
export const DEFAULT_TIMEOUT_MS = 5000;

function load(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function save(key: string, value: string | undefined) {
  try {
    if (value === undefined) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // storage full or off: edits still live for this tab
  }
}

const editsKey = (traceId: string) => `timescope.edits.${traceId}`;
const exportKey = (traceId: string) => `timescope.export.${traceId}`;

function loadEdits(traceId: string): Record<string, string> {
  try {
    const parsed: unknown = JSON.parse(load(editsKey(traceId)) ?? '{}');
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {};
    return Object.fromEntries(Object.entries(parsed).filter((e): e is [string, string] => typeof e[1] === 'string'));
  } catch {
    return {};
  }
}

interface ReplayState {
  readonly traceId: string | undefined;
  /** file name -> edited text; absent means the original */
  readonly edits: Readonly<Record<string, string>>;
  readonly exportName: string | undefined;
  readonly timeoutMs: number;
  /** JSON text of a context to replay with instead of the recorded one */
  readonly contextText: string | undefined;
  readonly run: ReplayRunState;
  /**
   * The last replay of the unchanged code that reproduced the recording: what each step received
   * and passed on in production. Kept when the person replays an edit, so panels can set the
   * recorded run beside the new one.
   */
  readonly baseline: ReplayReport | undefined;
  /** the baseline came with a link or capsule (the sender's replay), not from a replay on this machine */
  readonly baselineCarried: boolean;
  /** the flow exports to pick from, when the flow function is ambiguous */
  readonly choices: readonly string[] | undefined;
  /** a line the source view should show instead of the selected step's (where flow code failed) */
  readonly focus: CodeLocation | undefined;
  /** the replay on load has been started for this trace: it happens once, whatever it answers */
  readonly autoStarted: boolean;
  /** replays started for this trace (tests and tools read it: a refused logpoint starts none) */
  readonly started: number;
  /** bumped by requestReplay: the app shell runs a replay for each request (panels never run one themselves) */
  readonly replayRequests: number;
  /**
   * Edits (and export) the next trace to open takes instead of its own saved ones: opening a trace
   * from a corpus's verdict matrix shows it with the flow the corpus was replayed against.
   */
  readonly carried: { readonly edits: Readonly<Record<string, string>>; readonly exportName: string | undefined } | undefined;
  carryToNextTrace(edits: Readonly<Record<string, string>>, exportName: string | undefined): void;
  requestReplay(): void;
  setFocus(focus: CodeLocation | undefined): void;
  /** This trace's edits, export and a fresh run; `initial` is what it opens with (a shared incident's replay context). */
  openTrace(traceId: string, initial?: { readonly contextText?: string }): void;
  edit(file: string, text: string, original: string): void;
  resetEdits(): void;
  chooseExport(name: string | undefined): void;
  setTimeoutMs(ms: number): void;
  setContextText(text: string | undefined): void;
  setRun(run: ReplayRunState): void;
  /** The verdict of `running`, ahead of its answer; nothing if another run has started since. */
  showEarly(running: ReplayRunState, early: ReplayDoneState): void;
  /** The recorded code's replay, run beside an edit, when it reproduced production: the incident's facts. */
  setBaseline(report: ReplayReport, carried?: boolean): void;
  setChoices(choices: readonly string[] | undefined): void;
}

export const useReplayStore = create<ReplayState>()((set, get) => ({
  traceId: undefined,
  edits: {},
  exportName: undefined,
  timeoutMs: Number(load(TIMEOUT_KEY)) > 0 ? Number(load(TIMEOUT_KEY)) : DEFAULT_TIMEOUT_MS,
  contextText: undefined,
  run: { status: 'idle' },
  baseline: undefined,
  baselineCarried: false,
  choices: undefined,
  focus: undefined,
  autoStarted: false,
  started: 0,
  replayRequests: 0,
  carried: undefined,
  carryToNextTrace: (edits, exportName) => set({ carried: { edits: { ...edits }, exportName } }),
  requestReplay: () => set((s) => ({ replayRequests: s.replayRequests + 1 })),
  setFocus: (focus) => set({ focus }),
  openTrace: (traceId, initial = {}) => {
    const { carried } = get();
    const edits = carried ? { ...carried.edits } : loadEdits(traceId);
    const exportName = carried ? carried.exportName : (load(exportKey(traceId)) ?? undefined);
    // Carried edits are this trace's from now on, as if typed here: saved, so a reload keeps them.
    if (carried) {
      save(editsKey(traceId), Object.keys(edits).length ? JSON.stringify(edits) : undefined);
      save(exportKey(traceId), exportName);
    }
    set({ traceId, edits, exportName, carried: undefined, contextText: initial.contextText, run: { status: 'idle' }, baseline: undefined, baselineCarried: false, choices: undefined, focus: undefined, autoStarted: false, started: 0 });
  },
  edit: (file, text, original) => {
    const { traceId, edits } = get();
    const next = { ...edits };
    if (text === original) delete next[file];
    else next[file] = text;
    set({ edits: next });
    if (traceId) save(editsKey(traceId), Object.keys(next).length ? JSON.stringify(next) : undefined);
  },
  resetEdits: () => {
    const { traceId, run } = get();
    // The candidate's verdict was about the code just thrown away: it goes with it (the incident's facts stay).
    set({ edits: {}, ...(run.status === 'done' && run.edited ? { run: { status: 'idle' } as const } : {}) });
    if (traceId) save(editsKey(traceId), undefined);
  },
  chooseExport: (name) => {
    const { traceId } = get();
    set({ exportName: name, choices: undefined });
    if (traceId) save(exportKey(traceId), name);
  },
  setTimeoutMs: (ms) => {
    set({ timeoutMs: ms });
    save(TIMEOUT_KEY, String(ms));
  },
  setContextText: (text) => set({ contextText: text }),
  setRun: (run) =>
    set((s) => {
      const previous = run.status === 'running' && !run.previous ? shownReplay(s.run) : undefined;
      const next: ReplayRunState = run.status === 'running' && previous ? { ...run, previous } : run;
      return {
        ...(next.status === 'done' && !next.edited && next.verdict?.kind === 'reproduced' && next.report ? { run: next, baseline: next.report, baselineCarried: false } : { run: next }),
        ...(next.status === 'running' ? { started: s.started + 1 } : {})
      };
    }),
  showEarly: (running, early) =>
    set((s) => (s.run === running && running.status === 'running' ? { run: { ...running, early } } : {})),
  setBaseline: (report, carried = false) => set({ baseline: report, baselineCarried: carried }),
  setChoices: (choices) => set({ choices })
}));
