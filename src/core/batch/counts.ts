// Rows counted by verdict, every verdict present (zero when none), in the order a person reads them.
import { BATCH_VERDICTS, type BatchRow, type BatchVerdict } from './row';

export type VerdictCounts = Readonly<Record<BatchVerdict, number>>;

export function countVerdicts(rows: Iterable<Pick<BatchRow, 'verdict'>>): VerdictCounts {
  const counts = Object.fromEntries(BATCH_VERDICTS.map((v) => [v, 0])) as Record<BatchVerdict, number>;
  for (const row of rows) counts[row.verdict] += 1;
  return counts;
}
