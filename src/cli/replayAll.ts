// `timescope replay-all <traces…> <flow.ts> [more…]`: a corpus of traces replayed against the flow's
// source in a pool of sandbox workers (sandbox/node/pool.ts), one verdict per trace
// (core/batch/verdict.ts), printed in input order as results arrive (--json) or as a table.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { junitXml } from '../core/batch/junit';
import { flowErrorRow } from '../core/batch/row';
import type { SourceFile } from '../core/source/locate';
import { traceFlowName } from '../core/source/choose';
import { startPool, type PoolResult } from '../sandbox/node/pool';
import { itemText, readCorpus, type Corpus } from './corpusFiles';
import { InputError, readSources, readText } from './files';
import { runProblem } from './output';
import { sandboxWorker } from './sandboxWorker';
import type { CliIo } from './types';
import type { ReplayAllArgs } from './replayAllArgs';
import { jsonLine, tableText, type BatchResult } from './replayAllOutput';
import { overridesText, readOverrides } from './overrides';
import { corpusAmbientText, flagsText } from './ambient';

export async function replayAll(args: ReplayAllArgs, io: CliIo): Promise<number> {
  const started = performance.now();
  const { files, display } = readSources(io.cwd, args.sources);
  const entry = files[0]!.name; // the first source file is the flow, by the usage line
  const baselineFiles = args.baseline !== undefined ? withBaseline(files, entry, readText(io.cwd, args.baseline, 'baseline file')) : undefined;
  const shown = (file: string) => display.get(file) ?? file;
  const overrides = await readOverrides(io.cwd, args);
  if (overrides.length) io.stderr(`timescope: ${overridesText(overrides)}, in every trace\n`);

  // Started before the corpus is read: the workers lock their realms meanwhile.
  const worker = sandboxWorker();
  const pool = startPool({
    workerFile: worker.file,
    execArgv: worker.execArgv,
    jobs: args.jobs,
    limits: { timeoutMs: args.timeoutMs, maxMemoryMb: args.maxMemoryMb },
    flow: { files, entry, ...(args.exportName !== undefined ? { exportName: args.exportName } : {}), ...(baselineFiles ? { baselineFiles } : {}), ...(overrides.length ? { overrides } : {}), ...(args.ambient ? { ambient: args.ambient } : {}) }
  });
  try {
    const corpus = await readCorpus(io.cwd, args.inputs, args.shard);
    if (corpus.total === 0) throw new InputError(`no traces in ${corpus.files.map((f) => `'${f}'`).join(', ')}`);
    const shard = args.shard ? `${args.shard.index}/${args.shard.total}` : undefined;
    if (corpus.count === 0) io.stderr(`timescope: shard ${shard} holds none of the ${corpus.total} traces\n`);

    const results: (BatchResult | undefined)[] = new Array(corpus.count);
    const problems: { seq: number; text: string }[] = [];
    let unusable: string | undefined;
    let printed = 0;
    let scheduled = false;
    const flush = () => {
      let text = '';
      while (printed < results.length && results[printed] !== undefined) {
        const r = results[printed++]!;
        if (r !== SKIPPED) text += jsonLine(r, shown);
      }
      if (text) io.stdout(text);
    };
    await pool.run(corpus, (r) => {
      const item = itemAt(corpus, r.seq);
      if (r.kind === 'problem') problems.push({ seq: r.seq, text: `${item.source}:${item.line}: ${r.message}` });
      else if (r.kind === 'unusable') {
        unusable ??= unusableText(r, corpus, entry, args, shown);
        pool.close(); // the flow does not load: no other trace can replay either
      } else results[r.seq] = resultOf(item, r);
      // A line that is not a trace holds its place in the output as nothing.
      if (r.kind === 'problem') results[r.seq] = SKIPPED;
      // One write per batch of results, not per trace: 40,000 small writes cost more than the replays' output.
      if (args.json && !unusable && !scheduled) {
        scheduled = true;
        setImmediate(() => {
          scheduled = false;
          if (!unusable) flush();
        });
      }
    });
    if (args.json && !unusable) flush();
    if (unusable) {
      io.stderr(`timescope: ${unusable}\n`);
      return 2;
    }
    const done = results.filter((r): r is BatchResult => r !== undefined && r !== SKIPPED);
    const fixed = flagsText(args.ambient);
    if (!args.json) io.stdout(tableText(done, { flow: shown(entry), seconds: (performance.now() - started) / 1000, jobs: args.jobs, ...(shard ? { shard } : {}), ...(fixed ? { fixed } : {}) }));
    // Replays that read the clock or randomness in pure code may not give production's verdict: said once, for the whole corpus.
    io.stderr(corpusAmbientText(done.map((r) => r.row), args.ambient, shown));
    if (args.junit !== undefined) writeJunit(io.cwd, args.junit, done);
    // In input order, whichever worker found them first.
    reportProblems(problems, io);
    if (problems.length > 0) return 2;
    return done.every((r) => r.row.verdict === 'reproduced' || r.row.verdict === 'fixed') ? 0 : 1;
  } finally {
    pool.close();
  }
}

/** Lines set aside are named up to this many, then counted, as the app's picker does. */
const PROBLEMS_NAMED = 100;

/** The lines that were not traces, in input order whichever worker found them first. */
function reportProblems(problems: { seq: number; text: string }[], io: CliIo): void {
  const sorted = problems.sort((a, b) => a.seq - b.seq);
  let text = sorted.slice(0, PROBLEMS_NAMED).map((p) => `timescope: ${p.text}\n`).join('');
  const more = sorted.length - PROBLEMS_NAMED;
  if (more > 0) text += `timescope: and ${more} more line${more === 1 ? '' : 's'} that hold no trace\n`;
  io.stderr(text);
}

/** A placeholder for an item that has no row (it is not a trace), so output order can move past it. */
const SKIPPED: BatchResult = { source: '', line: 0, row: flowErrorRow('') };

/** Where an item came from: its file, as the person named it, and its line there. */
interface ItemPlace {
  readonly source: string;
  readonly line: number;
}

const itemAt = (corpus: Corpus, seq: number): ItemPlace => ({ source: corpus.files[corpus.chunk[seq]!]!, line: corpus.line[seq]! });

function resultOf(item: ItemPlace, r: Exclude<PoolResult, { kind: 'problem' | 'unusable' }>): BatchResult {
  // A corpus replay never asks for candidates' signatures (BatchFlow.candidates).
  if (r.kind === 'candidate') return { source: item.source, line: item.line, row: flowErrorRow('a candidate signature came back from a corpus replay') };
  if (r.kind === 'stopped') return { source: item.source, line: item.line, row: flowErrorRow(r.message) };
  return { source: item.source, line: item.line, row: r.row, ms: r.ms, ...(r.before ? { before: r.before } : {}) };
}

function unusableText(r: Extract<PoolResult, { kind: 'unusable' }>, corpus: Corpus, entry: string, args: ReplayAllArgs, shown: (file: string) => string): string {
  const item = itemAt(corpus, r.seq);
  let trace: unknown;
  try {
    trace = JSON.parse(itemText(corpus, r.seq));
  } catch {
    trace = undefined;
  }
  // The baseline is loaded under the flow file's name; its messages name the baseline's own path.
  const names = r.which === 'baseline' ? (f: string) => (f === entry && args.baseline !== undefined ? args.baseline : shown(f)) : shown;
  const what = r.which === 'baseline' ? `the baseline '${args.baseline}'` : 'the flow';
  return `${runProblem(r.result, names, traceFlowName(trace))}\n(${what} could not replay ${item.source}:${item.line}, so no trace was replayed)`;
}

/** The flow's files with the flow file's text replaced by the baseline's: imports resolve as the flow's do. */
function withBaseline(files: readonly SourceFile[], entry: string, text: string): SourceFile[] {
  return files.map((f) => (f.name === entry ? { name: f.name, text } : f));
}

function writeJunit(cwd: string, file: string, results: readonly BatchResult[]): void {
  const xml = junitXml(results.map((r) => ({ source: r.source, line: r.line, row: r.row, ...(r.ms !== undefined ? { seconds: r.ms / 1000 } : {}) })));
  try {
    writeFileSync(path.resolve(cwd, file), xml);
  } catch (e) {
    throw new InputError(`cannot write the JUnit report '${file}': ${e instanceof Error ? e.message : String(e)}`);
  }
}
