// Where a line of an earlier version of a file is now. Marks drawn from a
// replay refer to the code as it was replayed; after an edit they must follow
// their line, not stay on a number that now holds `});`. Edits between two
// replays are local, so the unchanged head and tail of the file are matched
// line for line and a line inside the edited region maps to where the region
// now starts.

export type LineMap = (line: number) => number;

export function lineMap(before: string, after: string): LineMap {
  if (before === after) return (line) => line;
  const a = before.split('\n');
  const b = after.split('\n');
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
  const shift = b.length - a.length;
  // 1-based: lines 1..head are unchanged, and so are the last `tail` lines.
  return (line) => {
    if (line <= head) return line;
    if (line > a.length - tail) return line + shift;
    return Math.min(head + 1, b.length);
  };
}
