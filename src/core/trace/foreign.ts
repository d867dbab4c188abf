// Other tools' JSON, recognised by shape, so a person who dropped the wrong
// file learns what they dropped and where it opens, rather than reading
// "no `trace` array". Only called on a value that is not a trace: a real
// trace (an object with a `trace` array) is never second-guessed.

import type { TraceProblem } from './errors';
import { isPlainObject } from './describe';

const WHAT_WE_READ =
  "Timescope opens the JSON trace that pure-effect's recordEffect returns: save JSON.stringify(result.trace) to a .json file and drop that here.";

// Event types of Playwright's trace.trace / test.trace JSONL files.
const PLAYWRIGHT_TYPES = new Set([
  'context-options', 'before', 'after', 'input', 'log', 'event', 'console', 'object', 'stdio', 'error',
  'action', 'screencast-frame', 'resource-snapshot', 'frame-snapshot'
]);

export function isPlaywrightEvent(v: unknown): boolean {
  if (!isPlainObject(v) || typeof v.type !== 'string') return false;
  if (v.type === 'context-options') return true;
  return PLAYWRIGHT_TYPES.has(v.type) && ('callId' in v || 'wallTime' in v || 'monotonicTime' in v || 'startTime' in v);
}

const isChromeEvent = (v: unknown) => isPlainObject(v) && typeof v.ph === 'string' && ('ts' in v || 'pid' in v);

export const PLAYWRIGHT_PROBLEM: TraceProblem = {
  message: 'this looks like a Playwright trace, not a pure-effect trace',
  hint: `Open it with Playwright's trace viewer (npx playwright show-trace <file>). ${WHAT_WE_READ}`
};

const CHROME_PROBLEM: TraceProblem = {
  message: 'this looks like a Chrome DevTools performance trace, not a pure-effect trace',
  hint: `Open it in the Performance panel of Chrome DevTools, or at ui.perfetto.dev. ${WHAT_WE_READ}`
};

/** A problem naming the tool a non-trace array came from, or undefined for a plain array of entries. */
export function recognizeForeignArray(value: readonly unknown[]): TraceProblem | undefined {
  const first = value[0];
  if (isChromeEvent(first)) return CHROME_PROBLEM;
  if (isPlaywrightEvent(first)) return PLAYWRIGHT_PROBLEM;
  return undefined;
}

/** A problem for an object that has no `trace` array: which tool it is from, or what a trace looks like. */
export function recognizeForeignObject(value: Record<string, unknown>): TraceProblem {
  if (Array.isArray(value.traceEvents)) return CHROME_PROBLEM;
  if (isPlaywrightEvent(value)) return PLAYWRIGHT_PROBLEM;
  if (Array.isArray(value.resourceSpans) || Array.isArray(value.resource_spans)) {
    return {
      message: 'this looks like an OpenTelemetry trace export (resourceSpans), not a pure-effect trace',
      hint: `Open it in a tracing backend such as Jaeger or Grafana Tempo. ${WHAT_WE_READ}`
    };
  }
  if (isPlainObject(value.log) && Array.isArray(value.log.entries)) {
    return {
      message: 'this looks like a HAR file (a recording of network requests), not a pure-effect trace',
      hint: `Open it in the Network panel of your browser's developer tools. ${WHAT_WE_READ}`
    };
  }
  if (typeof value.name === 'string' && ['dependencies', 'devDependencies', 'scripts', 'peerDependencies'].some((k) => k in value)) {
    return { message: 'this looks like a package.json, not a pure-effect trace', hint: WHAT_WE_READ };
  }
  if (typeof value.command === 'string') {
    return {
      message: 'this looks like a single trace entry, not a whole trace',
      hint: 'A trace keeps its entries in a `trace` array: {"trace":[{"command":…}]}. Wrap the entry in [ ] to open it as a bare array of entries.'
    };
  }
  const keys = Object.keys(value);
  const shown = keys.slice(0, 8).map((k) => JSON.stringify(k)).join(', ') + (keys.length > 8 ? ', …' : '');
  return {
    message: 'this is a JSON object with no `trace` array; a pure-effect trace looks like {"flowName":…, "trace":[{"command":…}]}',
    hint: `${keys.length ? `Its keys are ${shown}. ` : 'It is empty. '}${WHAT_WE_READ}`
  };
}
