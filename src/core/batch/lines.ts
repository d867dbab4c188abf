// The lines of a JSONL corpus found in its bytes, not in its text: the same items jsonlItems
// (corpus.ts) cuts from the decoded text, as byte ranges, so a batch replay's main thread never
// decodes a 40,000-line file nor holds 40,000 strings; each replay worker decodes only its lines.
//
// Cutting bytes gives the same texts as cutting the decoded text: a newline (0x0A) and the blanks
// trimmed here (space, tab, CR) are single bytes that never occur inside a UTF-8 sequence, and a
// decoder meeting one in the middle of a broken sequence ends that sequence there with U+FFFD,
// exactly as it does at the end of the line's own bytes.

/** The bytes of a UTF-8 byte order mark, which the decoded text would start with as U+FEFF. */
const BOM = [0xef, 0xbb, 0xbf] as const;

const NEWLINE = 10;
const isBlank = (b: number) => b === 32 || b === 9 || b === 13;

/**
 * Calls `line` for each non-blank line, in order: its 1-based number, and the byte range of its
 * text without the blanks around it (a CR before the newline included). `bytes.indexOf` finds the
 * newlines: pass a Node Buffer for its native search.
 */
export function forEachJsonlLine(bytes: Uint8Array, line: (number: number, start: number, end: number) => void): void {
  const length = bytes.length;
  let start = length >= 3 && bytes[0] === BOM[0] && bytes[1] === BOM[1] && bytes[2] === BOM[2] ? 3 : 0;
  let number = 1;
  while (start <= length) {
    let end = bytes.indexOf(NEWLINE, start);
    if (end < 0) end = length;
    let first = start;
    let stop = end;
    while (first < stop && isBlank(bytes[first]!)) first++;
    while (stop > first && isBlank(bytes[stop - 1]!)) stop--;
    if (stop > first) line(number, first, stop);
    start = end + 1;
    number++;
  }
}
