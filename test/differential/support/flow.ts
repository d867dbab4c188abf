// A snippet as flow code: the files a replay of it is given, and the trace it replays.
//
// snippet.js is the snippet's text unchanged (its lines are its own), imported by flow.js, the
// entry, whose exported flow calls run() (as a plain call: `this` is undefined) when the replay starts it and reads the settled result
// in the continuation of a recorded Command, after the microtasks the replay gives that step
// (Promise ordering snippets settle by then; one that does not says so as {"pending":true}).
//
// The outcome is compared in the sandbox itself, with the expected outcome as the trace's input:
// a batch replay answers each trace with a row (core/batch/row.ts), not its values, so the flow
// ends in Success when the outcome is the expected one, and otherwise in a Failure carrying its
// own outcome text, which the row's detail shows. An expected throw is thrown again, so the row
// names the line the sandbox locates it at. flow.js is the same text for every snippet, so the
// sandbox's transpile cache serves it.
import { SERIALIZE_SOURCE } from './serialize';

export const SNIPPET_FILE = 'snippet.js';
export const FLOW_FILE = 'flow.js';
export const SERIALIZE_FILE = 'differential-serialize.js';
export const FLOW_EXPORT = 'differentialFlow';
/** The recorded Command's function name, the trace's one entry. */
export const SETTLE_COMMAND = 'differentialSettle';

export const PENDING = '{"pending":true}';
/** Recorded Commands the flow may wait through for run() to settle (the trace has this many entries; the flow asks the rest once it has). */
export const SETTLE_STEPS = 64;

/** The flow's entry file: its input is the outcome text (serialize.ts) the sandbox should give. */
export const FLOW_TEXT = `import { Success, Failure, Command } from 'pure-effect';
import { outcomeText } from './${SERIALIZE_FILE}';
import * as snippet from './${SNIPPET_FILE}';

const ${SETTLE_COMMAND} = () => 0;

export const ${FLOW_EXPORT} = (expected) => {
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
  const outcome = () => {
    const got = outcomeText(state.ok, state.value);
    if (got !== expected) return Failure(got);
    if (!state.ok) throw state.value;
    return Success(0);
  };
  // Every recorded Command is asked, as production asked them: a replay that leaves one unasked is
  // not the recorded run (outcome-changed), whatever it ends in.
  const finish = (step) => (step < ${SETTLE_STEPS} ? Command(${SETTLE_COMMAND}, () => finish(step + 1)) : outcome());
  // Each Command gives the microtask queue a few turns; run() gets up to ${SETTLE_STEPS} of them to settle.
  const settle = (step) =>
    Command(${SETTLE_COMMAND}, () => {
      if (!state.done) return step + 1 < ${SETTLE_STEPS} ? settle(step + 1) : Failure(${JSON.stringify(PENDING)});
      return finish(step + 1);
    });
  return settle(0);
};
`;

export function flowFiles(snippetSource: string): { name: string; text: string }[] {
  return [
    { name: FLOW_FILE, text: FLOW_TEXT },
    { name: SERIALIZE_FILE, text: SERIALIZE_SOURCE },
    { name: SNIPPET_FILE, text: snippetSource }
  ];
}

const ENTRIES = JSON.stringify(Array.from({ length: SETTLE_STEPS }, (_, i) => ({ command: SETTLE_COMMAND, path: String(i), result: 0 })));

/** The trace a snippet's flow replays: `expected`, the outcome text it should give, is its input. */
export function traceText(expected: string): string {
  return `{"flowName":${JSON.stringify(FLOW_EXPORT)},"initialInput":${JSON.stringify(expected)},"trace":${ENTRIES}}`;
}
