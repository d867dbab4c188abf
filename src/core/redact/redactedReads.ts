// Values a trace holds only in redacted form: a recorder's own mask (`<redacted:email>`,
// `[REDACTED]`, `***`) or one of our pseudonyms (`<email:3f2a1c>`, a shared link's). Code that
// reads such a value sees the mask, not what production saw: an email check, a Luhn check or a
// prefix match can then fail differently from the incident. When the value a step received, or
// the error the run ended with, holds one, the flow demonstrably read it, and the first screen
// says so (panels/inspector/ReceivedView.tsx).
import { isToken } from './pseudonym';

/** A recorder's mask: "<redacted>", "<redacted:email>", "[redacted]", "[REDACTED:card]", "***", "REDACTED". */
const MASK = /^(?:<redacted(?::[\w.-]{1,40})?>|\[redacted(?::[\w.-]{1,40})?\]|redacted|\*{3,})$/i;

/** Whether `text` as a whole is a redaction mark. */
export const isRedactedMark = (text: string): boolean => text.length <= 100 && (MASK.test(text.trim()) || isToken(text));

/** A mark that appears inside a longer text (an error message that quotes the value it refused). */
const INSIDE = /<redacted(?::[\w.-]{1,40})?>|\[redacted(?::[\w.-]{1,40})?\]|<[A-Za-z0-9_-]{1,32}:[0-9a-f]{6,64}>/i;

export interface RedactedRead {
  /** where in the value: a dotted path, `[i]` for array items, '' for the value itself */
  readonly path: string;
  readonly mark: string;
}

/** The redacted values inside `value`, depth-first, at most `limit` (a big value is not walked whole). */
export function redactedValuesIn(value: unknown, limit = 5): RedactedRead[] {
  const found: RedactedRead[] = [];
  let visited = 0;
  const walk = (v: unknown, path: string, depth: number) => {
    if (found.length >= limit || ++visited > 10_000 || depth > 64) return;
    if (typeof v === 'string') {
      if (isRedactedMark(v)) found.push({ path, mark: v });
      return;
    }
    if (typeof v !== 'object' || v === null) return;
    if (Array.isArray(v)) v.forEach((item, i) => walk(item, `${path}[${i}]`, depth + 1));
    else for (const [k, item] of Object.entries(v)) walk(item, path ? `${path}.${k}` : k, depth + 1);
  };
  walk(value, '', 0);
  return found;
}

/** The mark an error's text quotes, when it quotes one (`invalid email: <redacted:email>`). */
export function redactedMarkInText(text: string): string | undefined {
  return INSIDE.exec(text)?.[0];
}
