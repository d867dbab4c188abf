// From the logpoints a person asked for to the files a replay compiles: each expression checked,
// each point placed in its file, and for every one of them where it went or why it did not.
import type { LoadedFile } from '../source/loader';
import type { SourceFile } from '../source/locate';
import { isCodeFile } from '../source/transpile';
import { checkExpression } from './expression';
import { placeLogpoints, type PointToPlace } from './place';
import type { LogPlacement, Logpoint } from './types';
import { MAX_LOGPOINTS } from './limits';

// Re-exported: its home is limits.ts, which loads nothing.
export { MAX_LOGPOINTS };

export interface PreparedLogpoints {
  /** the loaded files, with `compile` set on those that have a placed logpoint */
  readonly files: readonly LoadedFile[];
  /** ids in the order of the index each placed call passes */
  readonly ids: readonly string[];
  readonly placements: readonly LogPlacement[];
}

export function prepareLogpoints(sources: readonly SourceFile[], logpoints: readonly Logpoint[] | undefined): PreparedLogpoints {
  // Only name and text cross in from the caller: what is compiled is made here.
  const files = sources.map((f) => ({ name: f.name, text: f.text }));
  if (!logpoints || logpoints.length === 0) return { files, ids: [], placements: [] };
  const ids: string[] = [];
  const placements: LogPlacement[] = [];
  const byFile = new Map<string, { point: Logpoint; place: PointToPlace }[]>();
  for (const [k, point] of logpoints.entries()) {
    const base = { id: String(point.id), file: String(point.file), line: Number(point.line), expr: String(point.expr) };
    const refuse = (reason: string, column?: number) => placements.push({ ...base, placed: false, reason, ...(column !== undefined ? { column } : {}) });
    if (k >= MAX_LOGPOINTS) {
      refuse(`is one more than the ${MAX_LOGPOINTS} logpoints a replay takes`);
      continue;
    }
    const file = files.find((f) => f.name === base.file);
    if (!file) {
      refuse(`names ${base.file}, which is not loaded`);
      continue;
    }
    if (!isCodeFile(file.name)) {
      refuse(`names ${base.file}, which holds no code`);
      continue;
    }
    if (!Number.isInteger(base.line) || base.line < 1 || base.line > file.text.split('\n').length) {
      refuse(`names line ${String(point.line)}, which ${base.file} does not have`);
      continue;
    }
    const checked = checkExpression(base.expr);
    if (!checked.ok) {
      refuse(`is not run: \`${base.expr}\` ${checked.reason}`, checked.column);
      continue;
    }
    const entry = { point: { ...base }, place: { index: ids.length, line: base.line, code: checked.code } };
    ids.push(base.id);
    const list = byFile.get(file.name) ?? [];
    list.push(entry);
    byFile.set(file.name, list);
  }
  const placedFiles = files.map((f): LoadedFile => {
    const list = byFile.get(f.name);
    if (!list) return f;
    const { text, results } = placeLogpoints(f.name, f.text, list.map((e) => e.place));
    results.forEach((r, i) => {
      const { point } = list[i]!;
      placements.push('timing' in r ? { ...point, placed: true, timing: r.timing, ...(r.note ? { note: r.note } : {}) } : { ...point, placed: false, reason: r.reason });
    });
    return text === f.text ? f : { ...f, compile: text };
  });
  // In the order they were asked for.
  const order = new Map(logpoints.map((p, i) => [String(p.id), i]));
  placements.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
  return { files: placedFiles, ids, placements };
}
