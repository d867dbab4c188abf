// Timescope's entry point (used by the replay worker and the CLI): replay a
// flow against a trace through timeTravel and describe what happened as plain
// data (report.ts). Nothing real runs: onMissing stays 'throw'.

import { copyStoringErrors, type CopyResult } from '../effect/copy';
import { serializeError } from '../effect/serialize';
import { installTracer } from '../effect/tracer';
import { describeThrown } from '../values/describeThrown';
import { fmt } from '../values/fmt';
import { faultEntryIndex, isReplayFault, TimeParadox } from './errors';
import type { ReplayObserver, StepStatus } from './match';
import type { CodeLocation, ReplayFault, ReplayOutcome, ReplayReport, ReplayStep, Stored } from './report';
import { isTraceObject, type ReplayStepInfo } from './source';
import { StepTracer, type Site } from './stepTracer';
import { recordedForm } from './stored';
import { travel } from './timeTravel';
import { LogCollector } from '../logpoints/collect';
import type { LogReport } from '../logpoints/types';

export interface ReplayTraceRequest {
  readonly flowFn: (input: unknown) => unknown;
  readonly trace: unknown;
  readonly context?: unknown;
  readonly version?: string;
  /** maps a stack (of a Command() call, or of a rejection) to the person's source */
  readonly locate?: (stack: string) => CodeLocation | undefined;
  /**
   * The scripts whose first frame in a stack alone decides where `locate` puts it (runFlow: the
   * loaded files). Steps built at one place then share a stack whatever led to that place.
   */
  readonly isSourceScript?: (scriptName: string) => boolean;
  /** how many characters of JSON the pipeline copies may take in all (tests lower it) */
  readonly pipelineBudgetChars?: number;
  /**
   * false: no per-step record (pipeline values, code locations, statuses), only
   * the narration, result, fault and unreached entries. The CLI prints nothing
   * more, and leaving the tracer out makes its replay as cheap as timeTravel.
   */
  readonly steps?: boolean;
  /**
   * The report's narration is made when first read, not as the replay runs: its lines of recorded
   * answers (timeTravel's DeferLine) wait, so a verdict sent ahead of the report (the browser's
   * replay worker) does not wait for them. For a trace parsed for this replay alone (no object
   * of it reachable from the flow but its input, which shares nothing with its entries).
   */
  readonly deferNarration?: boolean;
  /**
   * The ids of the logpoints placed in the flow's code (core/logpoints), in the order of the
   * index each placed call passes. Their hits need the tracer, so they imply `steps`.
   */
  readonly logIds?: readonly string[];
  /**
   * Every Command and Failure call in the flow's code marks its site (core/source/siteMarks.ts):
   * each call site's stack is then walked once, not once per node.
   */
  readonly sitesMarked?: boolean;
}

/** Copy a value for the report: every Error in it in stored form (a revived one exactly as recorded). */
function storeWith(stack: boolean): (v: unknown) => CopyResult {
  // Made once: a report copies two or three values per step.
  const toStored = (e: Error): unknown => {
    const recorded = stack ? { found: false as const } : recordedForm(e);
    return recorded.found ? recorded.stored : serializeError(e, { stack });
  };
  return (v) => copyStoringErrors(v, toStored);
}
const store = storeWith(false);

/**
 * Pipeline values are copied twice per step. A flow whose value grows with
 * every step (a list of all results so far) would make that quadratic, so
 * the copies share a budget; past it, later steps keep no pipeline value and
 * the report says so.
 */
export const PIPELINE_BUDGET_CHARS = 64 * 1024 * 1024;

function pipelineCopier(budget: number) {
  const state = { spent: 0, exhausted: false };
  const copy = (v: unknown): CopyResult => {
    if (state.spent >= budget) {
      state.exhausted = true;
      return { ok: false, error: new RangeError('pipeline budget spent') };
    }
    const c = store(v);
    if (c.ok) state.spent += c.chars ?? 0;
    return c;
  };
  return { copy, state };
}

/** A value JSON cannot hold (a BigInt) is shown as fmt would print it. */
function stored(v: unknown, copy = store): Stored {
  const c = copy(v);
  return c.ok ? c.value : fmt(v);
}

/** The stack of a thrown Error, read without letting a Proxy's traps or a getter break the report. */
function stackOf(e: unknown): string | undefined {
  try {
    return e instanceof Error && typeof e.stack === 'string' ? e.stack : undefined;
  } catch {
    return undefined;
  }
}

function locateSafely(locate: ReplayTraceRequest['locate'], stack: string | undefined): CodeLocation | undefined {
  if (!locate || typeof stack !== 'string') return undefined;
  try {
    return locate(stack);
  } catch {
    return undefined; // a locator bug must not lose the report
  }
}

function faultOf(e: unknown): ReplayFault | undefined {
  if (!isReplayFault(e)) return undefined;
  const f: Record<string, unknown> = { kind: e instanceof TimeParadox ? 'TimeParadox' : 'ReplayError', message: e.message };
  const fields = e as unknown as Record<string, unknown>;
  for (const k of ['path', 'index', 'expected', 'actual', 'command'] as const) {
    if (fields[k] !== undefined) f[k] = stored(fields[k]);
  }
  const entryIndex = faultEntryIndex(e);
  if (entryIndex !== undefined) f.entryIndex = entryIndex;
  return f as unknown as ReplayFault;
}

// One replay at a time: the tracer is module state for the duration of a run.
let queue: Promise<unknown> = Promise.resolve();

export function replayTrace(req: ReplayTraceRequest): Promise<ReplayReport> {
  const run = queue.then(() => replayOnce(req));
  queue = run.catch(() => undefined);
  return run;
}

interface Seen extends ReplayStepInfo {
  status: StepStatus;
  entryIndex?: number;
}

/** Lines, some still to be made: `made` turns them into the narration, once. */
function lineList(): { push: (line: string | (() => string)) => void; made: () => string[] } {
  const lines: (string | (() => string))[] = [];
  let made: string[] | undefined;
  return {
    push: (line) => void lines.push(line),
    made: () => (made ??= lines.map((l) => (typeof l === 'string' ? l : l())))
  };
}

async function replayOnce(req: ReplayTraceRequest): Promise<ReplayReport> {
  const lines = lineList();
  const seen = new Map<string, Seen>(); // by path, in the order steps started
  // Each step's record is made in the report's key order (index, name, type, path, entryIndex,
  // status), so that stepOf can complete it in place; one given its entryIndex late is rebuilt.
  const late = new WeakSet<Seen>();
  const observer: ReplayObserver = {
    step(step, status, entryIndex) {
      let s = seen.get(step.path);
      if (!s) {
        s =
          entryIndex === undefined
            ? { index: step.index, name: step.name, type: step.type, path: step.path, status }
            : { index: step.index, name: step.name, type: step.type, path: step.path, entryIndex, status };
        seen.set(step.path, s);
        return;
      }
      s.status = status;
      if (entryIndex === undefined) return;
      if (s.entryIndex === undefined) late.add(s);
      s.entryIndex = entryIndex;
    }
  };
  const pipeline = pipelineCopier(req.pipelineBudgetChars ?? PIPELINE_BUDGET_CHARS);
  const logIds = req.logIds && req.logIds.length > 0 ? req.logIds : undefined;
  const withSteps = req.steps !== false || logIds !== undefined;
  const tracer = withSteps ? new StepTracer(isTraceObject(req.trace) ? req.trace.initialInput : undefined, pipeline.copy, req.isSourceScript, req.sitesMarked === true) : undefined;
  // Hits are copied apart from the pipeline's budget: adding a logpoint must not change a step's values.
  const logs = tracer && logIds ? new LogCollector(store, logIds) : undefined;
  if (tracer && logs) tracer.collectLogs(logs);
  const limited = () => (pipeline.state.exhausted ? { pipelineLimited: true as const } : {});
  const locate = cachedLocate(req.locate);
  const steps = (): ReplayStep[] => (tracer && req.steps !== false ? [...seen.values()].map((s) => stepOf(s, tracer, locate, late.has(s))) : []);
  const logReport = (): { logs?: LogReport } => (logs && logIds ? { logs: logsOf(logs, logIds, seen) } : {});
  const options = {
    log: (text: string) => lines.push(text),
    ...(req.context !== undefined ? { context: req.context } : {}),
    ...(req.version !== undefined ? { version: req.version } : {})
  };

  installTracer(tracer);
  try {
    const { result, unreached } = await travel(req.flowFn, req.trace, options, tracer ? observer : undefined, req.deferNarration ? lines.push : undefined);
    const outcome: ReplayOutcome =
      result.type === 'Success' ? { type: 'Success', value: stored(result.value) } : { type: 'Failure', error: stored(result.error) };
    const fault = result.type === 'Failure' ? faultOf(result.error) : undefined;
    return withNarration({ status: 'resolved', result: outcome, ...(fault ? { fault } : {}), unreached: [...unreached] }, lines.made, req.deferNarration, { steps: steps(), ...limited(), ...logReport() });
  } catch (e) {
    const location = locateSafely(req.locate, stackOf(e));
    const error = stored(e, storeWith(true));
    const refusal = refusalOf(e);
    return withNarration(
      { status: 'rejected', rejection: { error, text: describeThrown(e), ...(location ? { location } : {}), ...(refusal ? { refusal } : {}) }, unreached: [] },
      lines.made,
      req.deferNarration,
      { steps: steps(), ...limited(), ...logReport() }
    );
  } finally {
    installTracer(undefined);
  }
}

/**
 * The report, `head`, its narration, then `tail`, in the key order it always had: the narration
 * made now, or (deferred) when first read, through an enumerable getter, so a copy or the JSON of
 * the report holds it as if made now. answerHead leaves it unread.
 */
function withNarration(head: Partial<ReplayReport>, made: () => string[], deferred: boolean | undefined, tail: Partial<ReplayReport>): ReplayReport {
  const report = { ...head };
  Object.defineProperty(report, 'narration', deferred ? { get: made, enumerable: true, configurable: true } : { value: made(), enumerable: true, writable: true, configurable: true });
  return Object.assign(report, tail) as ReplayReport;
}

/** The hits with the step each belongs to, by its place in the report's steps (a Parallel's decision is `3p`). */
function logsOf(logs: LogCollector, ids: readonly string[], seen: ReadonlyMap<string, Seen>): LogReport {
  const counts: Record<string, number> = {};
  ids.forEach((id, k) => (counts[id] = (counts[id] ?? 0) + (logs.counts[k] ?? 0)));
  return { placements: [], hits: logs.kept > 0 ? logs.finish(placesOf(seen)) : [], counts, dropped: logs.dropped };
}

/**
 * A path's place in the report's steps. Hits come in time order and nearly always belong to the
 * step just begun or the one before it, so the place is first looked for beside the last one
 * found; a map of every path (10,000 entries in a long replay, ~3 ms) is made only if that fails.
 */
function placesOf(seen: ReadonlyMap<string, Seen>): (path: string) => { index: number; path: string } | undefined {
  const paths = [...seen.keys()];
  let cursor = 0;
  let all: Map<string, number> | undefined;
  const find = (path: string): number | undefined => {
    for (let d = 0; d < 4; d++) {
      if (paths[cursor + d] === path) return (cursor += d);
      if (cursor - d - 1 >= 0 && paths[cursor - d - 1] === path) return (cursor -= d + 1);
    }
    all ??= new Map(paths.map((p, i) => [p, i]));
    const at = all.get(path);
    if (at !== undefined) cursor = at;
    return at;
  };
  return (path) => {
    const own = find(path);
    if (own !== undefined) return { index: own, path };
    const decision = find(`${path}p`);
    return decision !== undefined ? { index: decision, path: `${path}p` } : undefined;
  };
}

/**
 * Steps built at one place share a Site (sites.ts), and sites with one stack text are located
 * alike: map each to the person's source once.
 */
function cachedLocate(locate: ReplayTraceRequest['locate']): (site: Site | undefined) => CodeLocation | undefined {
  if (!locate) return () => undefined;
  const bySite = new Map<Site, CodeLocation | undefined>();
  const byStack = new Map<string, CodeLocation | undefined>();
  const ofStack = (stack: string | undefined): CodeLocation | undefined => {
    if (typeof stack !== 'string') return undefined;
    if (!byStack.has(stack)) byStack.set(stack, locateSafely(locate, stack));
    return byStack.get(stack);
  };
  return (site) => {
    if (!site) return undefined;
    if (!bySite.has(site)) bySite.set(site, ofStack(site.stack));
    return bySite.get(site);
  };
}

function stepOf(s: Seen, tracer: StepTracer, locate: (site: Site | undefined) => CodeLocation | undefined, rebuild: boolean): ReplayStep {
  // A Parallel's capture is under its place in the sequence (`3`), its step under its decision (`3p`).
  const cap = tracer.byPath.get(s.type === 'Parallel' ? s.path.slice(0, -1) : s.path);
  // Keys in the order the app and the stored reports have always had them: the record already
  // has the first ones in that order, unless its entryIndex came after its status.
  let out = s as unknown as Record<string, unknown>;
  if (rebuild) {
    out = { index: s.index, name: s.name, type: s.type, path: s.path };
    if (s.entryIndex !== undefined) out.entryIndex = s.entryIndex;
    out.status = s.status;
  }
  if (cap?.via) out.via = cap.via;
  if (cap?.producer) out.producer = cap.producer;
  if (cap?.hasBefore) {
    out.before = cap.before;
    out.hasBefore = true;
  }
  if (cap?.hasAfter && s.type === 'Command') {
    out.after = cap.after;
    out.hasAfter = true;
  }
  const location = locate(cap?.site);
  if (location) out.location = location;
  if (cap?.ledToFailure) {
    out.ledToFailure = true;
    const failureAt = locate(cap.failureSite);
    if (failureAt) out.failureLocation = failureAt;
  }
  return out as unknown as ReplayStep;
}

/** The library's own refusal (its marked ReplayError), with the field it names, if any. */
function refusalOf(e: unknown): { field?: string } | undefined {
  if (!isReplayFault(e) || e.name !== 'ReplayError') return undefined;
  const field = (e as { field?: unknown }).field;
  return typeof field === 'string' ? { field } : {};
}
