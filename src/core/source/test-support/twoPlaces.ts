// A flow whose one Command function (one name) is passed to Command() on two lines, reached 41
// times in turn, with its trace and where each step's Command() call is: for the tests that the
// engine's shared stack formatting (replay/sites.ts) locates every step at its own call, in this
// process and in the sandbox.
import type { CodeLocation } from '../../replay/report';

export const TWO_PLACES_FLOW = `import { Command, Success } from 'pure-effect';
const cmdSend = () => ({ ok: true });
const first = (i: number): any => Command(cmdSend, () => second(i));
const second = (i: number): any =>
  i >= 20 ? Success(i) : Command(cmdSend, () => first(i + 1));
const viaHelper = (i: number): any => first(i);
export const twoPlaces = (start: number) => viaHelper(start);
`;

/** first(0), second(0), …, first(20); second(20) ends the flow with Success(20). */
const STEPS = 41;

export const TWO_PLACES_TRACE = {
  flowName: 'twoPlaces',
  initialInput: 0,
  trace: Array.from({ length: STEPS }, (_, i) => ({ command: 'cmdSend', path: String(i), result: { ok: true }, durationMs: 1 }))
};

/** Even steps are first's Command (line 3), odd ones second's (line 5), in `text` (the flow, or a changed copy of it). */
export function twoPlacesLocations(text = TWO_PLACES_FLOW, steps = STEPS): CodeLocation[] {
  const at = (line: number): CodeLocation => ({ file: 'flow.ts', line, column: text.split('\n')[line - 1]!.indexOf('Command(cmdSend') + 1 });
  return Array.from({ length: steps }, (_, i) => at(i % 2 === 0 ? 3 : 5));
}
