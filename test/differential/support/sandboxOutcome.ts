// From a batch worker's answer for one snippet to the sandbox's outcome.
import type { SnippetAnswer } from './batchClient';
import { outcomeOfRow, outcomeOfRunResult, type Outcome } from './outcome';

export function sandboxOutcome(answer: SnippetAnswer, expected: Outcome): Outcome {
  if (answer.kind === 'failed') return { kind: 'broken', message: answer.message };
  if (answer.kind === 'row') return outcomeOfRow(answer.row, expected);
  const other = answer.other;
  if (other.kind === 'unusable') return outcomeOfRunResult(other.result);
  if (other.kind === 'candidate') return { kind: 'broken', message: 'a candidate signature came back from a verdict replay' };
  return { kind: 'broken', message: `the trace was refused: ${other.message}` };
}
