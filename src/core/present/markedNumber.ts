// The words beside a number JavaScript does not hold as the file wrote it
// (shown.ts marks them). The file's text comes first, whole, so the value is
// shown exactly; what JavaScript reads (and replay uses) follows, with why.
import type { MarkedNumber } from './shown';

function why(n: MarkedNumber & { source: string }): string {
  if (!Number.isFinite(n.value)) return 'too large for a JavaScript number';
  if (n.value === 0) return 'too small for a JavaScript number';
  if (Number.isInteger(n.value) && !Number.isSafeInteger(n.value)) return 'beyond 2^53';
  return 'more digits than a JavaScript number keeps';
}

export function markedNumberText(n: MarkedNumber): string {
  if (n.source === undefined) return `≈${String(n.value)} (beyond 2^53: the file's last digits may differ)`;
  // -0 is held exactly; String alone would show it as 0.
  if (Object.is(n.value, -0) && n.source === '-0') return '-0';
  return `${n.source} as in the file (${why({ ...n, source: n.source })}; JavaScript reads ${Object.is(n.value, -0) ? '-0' : String(n.value)})`;
}
