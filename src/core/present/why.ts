// Why a step got the value it received, in words, from the provenance the
// runtime recorded (effect/provenance.ts): "changed on the way here, by X"
// only when X produced the value; a Retry's try that started over, a
// fallback given the exhaustion, the step after a Parallel's join each say
// so. The details pane, the source note, the walkthrough and the post-mortem
// read this, from the incident's own replay (the recorded code against the
// recording), so a fix never changes what production is said to have done.
import type { Producer, ReplayReport, ReplayStep } from '../replay/report';
import { diffValues, type ValueChange } from './diff';
import { errorSummary, preview } from './step-text';

export interface Why {
  /** the replay step that answered this entry */
  readonly here: ReplayStep | undefined;
  readonly producer: Producer | undefined;
  /** what produced the value, in a few words: "cmdValidatePromo (path 1)", "the Retry at 6 starting over (try 2)" */
  readonly from: string;
  /** the full sentence for the details: "changed on the way here, by cmdValidatePromo", "try 2 of the Retry at 6: started over after …" */
  readonly sentence: string;
  /** the Command credited with changing the value, only when its answer produced it */
  readonly by: string | undefined;
  /** what changed between the producer's own input and this step's, when the producer is a step or a join */
  readonly changes: readonly ValueChange[];
  /** the error that ended the Retry, for a fallback: the real cause, on the first screen */
  readonly lastError: unknown;
  readonly hasLastError: boolean;
}

/** A recorded entry's error, stored form; undefined for an entry that did not throw. */
export type ErrorOf = (entryIndex: number) => unknown;

/**
 * Errors from a model's steps: the stored error where the step carries it (a model with values),
 * else rebuilt from its one-line text ("TimeoutError: slow"), which is all the UI's steps hold.
 */
export function errorsOf(steps: { at(index: number): { readonly kind: string; readonly errorText?: string; readonly error?: unknown } | undefined }): ErrorOf {
  return (i) => {
    const s = steps.at(i);
    if (!s || s.kind !== 'threw') return undefined;
    if (s.error !== undefined) return s.error;
    const text = s.errorText ?? 'Error';
    const colon = text.indexOf(': ');
    return colon > 0 ? { __error: true, name: text.slice(0, colon), message: text.slice(colon + 2) } : { __error: true, name: text, message: '' };
  };
}

const stepAt = (report: ReplayReport, path: string): ReplayStep | undefined => report.steps.find((s) => s.path === path);

/** "CM_503 (Service Unavailable)" for an error with a code, "TimeoutError: slow" otherwise. */
export function shortError(stored: unknown): string {
  if (typeof stored === 'object' && stored !== null) {
    const e = stored as { code?: unknown; message?: unknown };
    if ((typeof e.code === 'string' || typeof e.code === 'number') && typeof e.message === 'string') return `${String(e.code)} (${e.message})`;
  }
  return errorSummary(stored);
}

/** The producer in a few words, as the library's observer wrote them (PROVENANCE.md). */
export function producerWords(p: Producer | undefined): string {
  if (!p) return 'not known';
  switch (p.kind) {
    case 'input':
      return 'the flow input';
    case 'step':
      return `${p.command} (path ${p.path})`;
    case 'join':
      return `the Parallel's join (path ${p.path})`;
    case 'retry-result':
      return `the Retry at ${p.path}, passing on ${p.from ? producerWords(p.from) : 'its result'}`;
    case 'retry-restart':
      return `the Retry at ${p.retry} starting over (try ${p.attempt + 1})`;
    case 'exhaustion':
      return `the exhaustion object of the Retry at ${p.retry} (onExhausted)`;
  }
}

/** The step whose throw ended a Retry's try `attempt`: the last one of that try that threw. */
function throwOf(report: ReplayReport, retry: string, attempt: number, errorOf: ErrorOf): { step: ReplayStep; error: unknown } | undefined {
  const prefix = `${retry}r${attempt}/`;
  let found: { step: ReplayStep; error: unknown } | undefined;
  for (const s of report.steps) {
    if (!s.path.startsWith(prefix) || s.entryIndex === undefined || s.type !== 'Command') continue;
    const error = errorOf(s.entryIndex);
    if (error !== undefined) found = { step: s, error };
  }
  return found;
}

function triesOf(report: ReplayReport, retry: string): number {
  const tries = new Set<string>();
  for (const s of report.steps) {
    const m = s.path.startsWith(`${retry}r`) ? /^r(\d+)\//.exec(s.path.slice(retry.length)) : null;
    if (m) tries.add(m[1] as string);
  }
  return tries.size;
}

export function whyOf(report: ReplayReport, entryIndex: number, errorOf: ErrorOf): Why {
  const here = report.steps.find((s) => s.entryIndex === entryIndex);
  const producer = here?.producer;
  const base = { here, producer, from: producerWords(producer), by: undefined, changes: [] as ValueChange[], lastError: undefined, hasLastError: false };
  if (!here || !producer) return { ...base, sentence: here ? 'what produced its value was not recorded' : 'this replay did not reach the step' };
  const diffFrom = (other: ReplayStep | undefined): ValueChange[] =>
    other?.hasBefore && here.hasBefore ? diffValues(other.before, here.before) : [];
  // A branch built per item (`due.map(renewOne)`) got its own argument, not its producer's whole value:
  // no diff against the producer, which would show every other item as removed.
  if (here.via?.kind === 'branch-builder') {
    const at = here.via.fn.indexOf('@');
    const who = at > 0 ? `${here.via.fn.slice(0, at)} (${here.via.fn.slice(at + 1)})` : here.via.fn;
    return { ...base, sentence: `what ${who} was called with to build branch ${here.via.branch} of its Parallel, from ${producerWords(producer)}` };
  }
  switch (producer.kind) {
    case 'input':
      return { ...base, sentence: 'the flow input, as it came in' };
    case 'step': {
      // Built by the producer's own next: the value is its answer, nothing to compare it with.
      if (here.via?.kind === 'next' && here.via.path === producer.path) {
        return { ...base, by: producer.command, sentence: `the answer of ${producer.command} (path ${producer.path}), handed on by its next` };
      }
      const changes = diffFrom(stepAt(report, producer.path));
      return { ...base, by: producer.command, changes, sentence: changes.length ? `changed on the way here, by ${producer.command}` : `from ${producer.command} (path ${producer.path}), unchanged` };
    }
    case 'join': {
      const parallel = stepAt(report, producer.path);
      const branches = countBranches(report, producer.path);
      return { ...base, changes: diffFrom(parallel), sentence: `after the Parallel at ${producer.path.slice(0, -1)} joined ${branches} branch${branches === 1 ? '' : 'es'}` };
    }
    case 'retry-result': {
      const inner = producer.from ? producerWords(producer.from) : 'its result';
      return { ...base, sentence: `the Retry at ${producer.path} passed on ${inner}` };
    }
    case 'retry-restart': {
      const cause = throwOf(report, producer.retry, producer.attempt - 1, errorOf);
      const after = cause ? `after ${cause.step.name} threw ${shortError(cause.error)}` : 'after the try before it failed';
      return { ...base, sentence: `try ${producer.attempt + 1} of the Retry at ${producer.retry}: started over ${after}` };
    }
    case 'exhaustion': {
      const exhaustion = here.hasBefore ? (here.before as { lastError?: unknown } | null) : null;
      const has = typeof exhaustion === 'object' && exhaustion !== null && 'lastError' in exhaustion;
      const tries = triesOf(report, producer.retry);
      return {
        ...base,
        lastError: has ? exhaustion.lastError : undefined,
        hasLastError: has,
        sentence: `fallback: the Retry at ${producer.retry} gave up after ${tries} ${tries === 1 ? 'try' : 'tries'}`
      };
    }
  }
}

function countBranches(report: ReplayReport, decisionPath: string): number {
  const seen = new Set<string>();
  for (const s of report.steps) {
    if (!s.path.startsWith(decisionPath)) continue;
    const m = /^(\d+)\//.exec(s.path.slice(decisionPath.length));
    if (m) seen.add(m[1] as string);
  }
  return seen.size;
}

/** The note under a source line: short and true. "received total: 0 from cmdValidatePromo". */
export function receivedNote(why: Why): string | undefined {
  const here = why.here;
  if (!here?.hasBefore) return undefined;
  const p = why.producer;
  if (p?.kind === 'exhaustion') return `fallback given the exhaustion${why.hasLastError ? `: last error ${shortError(why.lastError)}` : ''}`;
  if (p?.kind === 'retry-restart') return why.sentence;
  const shown = why.changes.filter((c) => c.kind !== 'removed').slice(0, 3);
  const what = shown.length
    ? shown.map((c) => `${c.path}: ${clip(preview(c.after), 40)}`).join(', ')
    : clip(preview(here.before), 80);
  const source = p?.kind === 'step' ? ` from ${p.command}` : p?.kind === 'join' ? ` after the Parallel at ${p.path.slice(0, -1)} joined` : '';
  return `received ${what}${source}`;
}

const clip = (text: string, n: number): string => (text.length > n ? `${text.slice(0, n - 1)}…` : text);
