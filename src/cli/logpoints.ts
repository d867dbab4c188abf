// `timescope replay … --log 'flow.ts:31=order.total'`: the CLI's side of logpoints (core/logpoints
// places, runs and collects them, in the sandbox's replay like the rest of the flow's code). Here:
// the specs read from the command line, the files they name matched to the loaded ones, and the
// hits printed for a person (text) or a program (--json).
import path from 'node:path';
import { parseLogSpec } from '../core/logpoints/spec';
import type { LogPlacement, LogReport, Logpoint } from '../core/logpoints/types';
import { preview } from '../core/present/step-text';
import type { ReplayReport } from '../core/replay/report';
import type { SourceFile } from '../core/source/locate';

/** Hits printed per logpoint in text; --json has every hit the replay kept. */
export const TEXT_HITS = 50;

/** Each --log as a logpoint, the same spec given twice once; or the usage error's text, naming the spec at fault. */
export function readLogSpecs(specs: readonly string[]): Logpoint[] | string {
  const out = new Map<string, Logpoint>();
  for (const spec of specs) {
    const parsed = parseLogSpec(spec);
    if (!parsed.ok) return `--log ${parsed.message}`;
    out.set(parsed.logpoint.id, parsed.logpoint);
  }
  return [...out.values()];
}

/**
 * The loaded file each logpoint means. Loaded files are named relative to the folder that holds
 * them all (`flow.ts` for `public/demo/flow.ts`), so a person may name one either way: by its
 * loaded name, by the path given on the command line (or one that resolves to it), or by a base
 * name only one loaded file has. A file that matches none is left as written, for the replay to
 * refuse by name.
 */
export function resolveLogFiles(points: readonly Logpoint[], files: readonly SourceFile[], display: ReadonlyMap<string, string>, cwd: string): Logpoint[] {
  const names = files.map((f) => f.name);
  const resolve = (file: string): string => {
    if (names.includes(file)) return file;
    const absolute = path.resolve(cwd, file);
    const byPath = names.find((n) => {
      const given = display.get(n);
      return given !== undefined && (given === file || path.resolve(cwd, given) === absolute);
    });
    if (byPath) return byPath;
    const base = names.filter((n) => n.split('/').pop() === file || file.endsWith(`/${n}`));
    return base.length === 1 ? base[0]! : file;
  };
  return points.map((p) => ({ ...p, file: resolve(p.file) }));
}

/** A logpoint the replay did not run, as a line for stderr; the loaded files are named when it named another. */
export function refusalLine(p: Extract<LogPlacement, { placed: false }>, files: readonly SourceFile[]): string {
  const loaded = /which is not loaded$/.test(p.reason) && files.length > 0 ? ` (loaded: ${files.map((f) => f.name).join(', ')})` : '';
  return `logpoint ${p.id} ${p.reason}${loaded}`;
}

/** A hit as a program reads it: `step` numbered from 1 as the narration, explain and the MCP tools number steps, with the step's Command. */
export interface ShownHit {
  readonly id: string;
  readonly seq: number;
  readonly step?: number;
  readonly path?: string;
  readonly command?: string;
  readonly hasValue: boolean;
  readonly value?: unknown;
  /** how a value JSON cannot hold reads (NaN, -0, 10n, undefined) */
  readonly text?: string;
  readonly error?: string;
}

/** The report's hits with their steps named and numbered as the CLI numbers steps. */
export function shownHits(logs: LogReport, steps: ReplayReport['steps']): ShownHit[] {
  return logs.hits.map((h) => {
    const s = h.step !== undefined ? steps[h.step] : undefined;
    return {
      id: h.id,
      seq: h.seq,
      ...(s ? { step: s.index + 1, path: s.path, command: s.name } : h.path !== undefined ? { path: h.path } : {}),
      hasValue: h.hasValue,
      ...(h.hasValue ? { value: h.value } : {}),
      ...(h.text !== undefined ? { text: h.text } : {}),
      ...(h.error !== undefined ? { error: h.error } : {})
    };
  });
}

/** --json's `logs`: where each logpoint went, its hits (steps numbered from 1), how often each line ran, and hits not kept. */
export function logsJson(logs: LogReport, steps: ReplayReport['steps']): { placements: readonly LogPlacement[]; hits: ShownHit[]; counts: LogReport['counts']; dropped: number } {
  return { placements: logs.placements, hits: shownHits(logs, steps), counts: logs.counts, dropped: logs.dropped };
}

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

function hitLine(h: ShownHit): string {
  const where = h.step !== undefined ? `step ${h.step} ${h.command}` : 'outside any step';
  return `  ${where}: ${h.hasValue ? (h.text ?? preview(h.value)) : (h.error ?? 'no value')}`;
}

/**
 * The hits as a person reads them, a block per placed logpoint:
 *   flow.ts:31 total  (1 hit)
 *     step 2 cmdValidatePromo: 0
 * Values as the CLI previews them (one line, capped); a hit whose expression threw, as `TypeError: …`.
 * Empty when no logpoint was placed (the refused ones are on stderr).
 */
export function logsText(logs: LogReport, steps: ReplayReport['steps'], shown: (file: string) => string): string {
  const hits = shownHits(logs, steps);
  const blocks: string[] = [];
  for (const p of logs.placements) {
    if (!p.placed) continue;
    const mine = hits.filter((h) => h.id === p.id);
    const count = logs.counts[p.id] ?? 0;
    const lines = [`${shown(p.file)}:${p.line} ${p.expr}  (${plural(count, 'hit')})`];
    if (p.note) lines.push(`  ${p.note}`);
    if (count === 0) lines.push('  its line did not run');
    lines.push(...mine.slice(0, TEXT_HITS).map(hitLine));
    const unprinted = count - Math.min(mine.length, TEXT_HITS);
    if (unprinted > 0) lines.push(`  … and ${unprinted} more${mine.length > TEXT_HITS ? ' (--json has the kept ones)' : ''}`);
    blocks.push(lines.join('\n'));
  }
  if (logs.dropped > 0) blocks.push(`${plural(logs.dropped, 'hit')} past the first ${logs.hits.length} were counted, not kept.`);
  return blocks.length ? `${blocks.join('\n\n')}\n` : '';
}
