// A snippet as flow code: the files a replay of it is given, and the one-entry trace it replays.
//
// snippet.js is the snippet's text unchanged (its lines are its own), imported by flow.js, the
// entry, whose exported flow calls run() (as a plain call: `this` is undefined) when the replay starts it and reads the settled result
// in the continuation of a recorded Command, after the microtasks the replay gives that step
// (Promise ordering snippets settle by then; one that does not says so as {"pending":true}).
//
// The outcome is compared in the sandbox itself, with the expected outcome written into flow.js:
// a batch replay answers each trace with a row (core/batch/row.ts), not its values, so the flow
// ends in Success when the outcome is the expected one, and otherwise in a Failure carrying its
// own outcome text, which the row's detail shows. An expected throw is thrown again, so the row
// names the line the sandbox locates it at.
import { SERIALIZE_SOURCE } from './serialize';

export const SNIPPET_FILE = 'snippet.js';
export const FLOW_FILE = 'flow.js';
export const SERIALIZE_FILE = 'differential-serialize.js';
export const FLOW_EXPORT = 'differentialFlow';
/** The recorded Command's function name, the trace's one entry. */
export const SETTLE_COMMAND = 'differentialSettle';

export const PENDING = '{"pending":true}';
/** Recorded Commands the flow may wait through for run() to settle (the trace has this many entries; the rest go unreached). */
export const SETTLE_STEPS = 64;

/**
 * A string literal that says none of what the sandbox refuses to compile even inside a string
 * (`<!--`, `-->`, `import(`, `eval(`): the expected outcome may hold them, the wrapper must not.
 */
function literal(text: string): string {
  return JSON.stringify(text).replace(/[<>(]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** The flow's entry file: `expected` is the outcome text (serialize.ts) the sandbox should give. */
export function flowText(expected: string): string {
  return `import { Success, Failure, Command } from 'pure-effect';
import { outcomeText } from './${SERIALIZE_FILE}';
import * as snippet from './${SNIPPET_FILE}';

const expected = ${literal(expected)};
const ${SETTLE_COMMAND} = () => 0;

export const ${FLOW_EXPORT} = (_input) => {
  const state = { done: false, ok: false, value: undefined };
  try {
    const run = snippet.run;
    Promise.resolve(run()).then(
      (value) => Object.assign(state, { done: true, ok: true, value }),
      (error) => Object.assign(state, { done: true, ok: false, value: error })
    );
  } catch (error) {
    Object.assign(state, { done: true, ok: false, value: error });
  }
  // Each Command gives the microtask queue a few turns; run() gets up to ${SETTLE_STEPS} of them to settle.
  const settle = (step) =>
    Command(${SETTLE_COMMAND}, () => {
      if (!state.done) return step + 1 < ${SETTLE_STEPS} ? settle(step + 1) : Failure(${JSON.stringify(PENDING)});
      const got = outcomeText(state.ok, state.value);
      if (got !== expected) return Failure(got);
      if (!state.ok) throw state.value;
      return Success(0);
    });
  return settle(0);
};
`;
}

export function flowFiles(snippetSource: string, expected: string): { name: string; text: string }[] {
  return [
    { name: FLOW_FILE, text: flowText(expected) },
    { name: SERIALIZE_FILE, text: SERIALIZE_SOURCE },
    { name: SNIPPET_FILE, text: snippetSource }
  ];
}

export const TRACE = { flowName: FLOW_EXPORT, initialInput: null, trace: Array.from({ length: SETTLE_STEPS }, (_, i) => ({ command: SETTLE_COMMAND, path: String(i), result: 0 })) };
export const TRACE_TEXT = JSON.stringify(TRACE);
