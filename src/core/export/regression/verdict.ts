// The "verdict in words" of a regression test's name: what the replay showed, as a sentence a
// person reads in a test report ("succeeds, cmdChargeCard never reached", "fails with Error:
// Amount must be non-zero."). Built from the stored outcome (src/core/replay/report.ts).
import type { ReplayOutcome } from '../../replay/report';
import { isStoredError } from './leaves';

const LONGEST = 120;

/** One line; a long one cut after its first sentence when that fits, else at LONGEST with an ellipsis. */
function short(text: string): string {
  const oneLine = text.replace(/\s+/g, ' ').trim();
  if (oneLine.length <= LONGEST) return oneLine;
  const sentence = oneLine.indexOf('. ');
  return sentence > 0 && sentence < LONGEST ? oneLine.slice(0, sentence + 1) : `${oneLine.slice(0, LONGEST - 1)}…`;
}

/** `a`, `a and b`, `a, b and c`, `a, b, c and 4 more`. */
export function namesPhrase(names: readonly string[]): string {
  const unique = [...new Set(names)];
  if (unique.length <= 1) return unique.join('');
  if (unique.length <= 3) return `${unique.slice(0, -1).join(', ')} and ${unique.at(-1)!}`;
  return `${unique.slice(0, 3).join(', ')} and ${unique.length - 3} more`;
}

function json(v: unknown): string {
  try {
    return JSON.stringify(v) ?? String(v);
  } catch {
    return String(v);
  }
}

/** An error as `Name: message`, anything else as JSON. */
export function describeError(error: unknown): string {
  if (isStoredError(error)) {
    const name = typeof error.name === 'string' && error.name !== '' ? error.name : 'Error';
    return typeof error.message === 'string' && error.message !== '' ? `${name}: ${error.message}` : name;
  }
  return error === undefined ? 'undefined' : json(error);
}

function failureWords(error: unknown): string {
  const exhausted = error as { retryExhausted?: unknown; lastError?: unknown } | null;
  if (typeof exhausted === 'object' && exhausted !== null && exhausted.retryExhausted === true) {
    return `fails after its retries ran out (last ${describeError(exhausted.lastError)})`;
  }
  return `fails with ${describeError(error)}`;
}

export function verdictWords(outcome: ReplayOutcome, unreached: readonly string[]): string {
  if (outcome.type === 'Failure') return short(failureWords(outcome.error));
  return unreached.length > 0 ? `succeeds, ${namesPhrase(unreached)} never reached` : 'succeeds';
}

/** `incident <title>: <verdict>`, on one line whatever the title holds. */
export function testNameOf(title: string | undefined, verdict: string): string {
  const t = (title ?? '').replace(/\s+/g, ' ').trim();
  return t ? `incident ${t}: ${verdict}` : `incident: ${verdict}`;
}
