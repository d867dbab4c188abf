// zod's issues as one message a person can act on: where (a dotted path such as
// notes.steps.3.text) and what is wrong there.
import type { z } from 'zod';

/** How many issues to name; the rest are counted, so one broken list does not fill the screen. */
const SHOWN = 3;

function describeIssue(issue: z.core.$ZodIssue): string {
  // A record's bad key carries the key schema's own message one level down.
  const inner = issue.code === 'invalid_key' ? issue.issues[0]?.message : undefined;
  const message = (inner ?? issue.message).replace(/^Invalid input: /, '');
  const path = issue.path.map(String).join('.');
  return path === '' ? message : `${path}: ${message}`;
}

export function describeIssues(error: z.ZodError): string {
  const shown = error.issues.slice(0, SHOWN).map(describeIssue);
  const more = error.issues.length - shown.length;
  return more > 0 ? `${shown.join('; ')}; and ${more} more` : shown.join('; ');
}
