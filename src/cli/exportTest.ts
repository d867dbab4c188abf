// `timescope export-test <trace|capsule> <flow.ts> [--out FILE] …`: replay as `timescope replay` does,
// then write the regression test for what that replay showed (src/core/export/regressionTest.ts),
// to stdout or to --out (with --trace-beside, the trace next to it). For agents and CI: the same
// test the app's "Export regression test" writes.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { leafAt } from '../core/export/regression/leaves';
import { buildRegressionTest, prefillAssertPaths, regressionInputFromReport, valueLeaves, verdictWords, type RegressionInput } from '../core/export/regressionTest';
import { keyInText } from '../core/share/capsuleAddress';
import { decryptCapsule, looksEncrypted } from '../core/share/encrypted';
import { isZip } from '../core/share/zipDirectory';
import type { ExportTestArgs } from './exportTestArgs';
import { InputError, peekZip, readBytes } from './files';
import type { CliIo, Replayed } from './types';
import { describeRejection, formatLocation } from './output';

type Replay = (args: ExportTestArgs) => Promise<Replayed | number>;

/** A module specifier for `file` from `dir`: posix separators, and ./ so it is not taken for a package. */
function specifierFrom(dir: string, file: string): string {
  const rel = path.relative(dir, file).split(path.sep).join('/');
  return rel.startsWith('../') ? rel : `./${rel}`;
}

/** `checkout.test.ts` -> `checkout`: the name the trace file beside it takes. */
function baseNameOf(file: string): string {
  const name = path.basename(file);
  return name.replace(/\.(test|spec)\.[cm]?[jt]sx?$/, '').replace(/\.[cm]?[jt]sx?$/, '') || name;
}

/** A capsule's title (its notes), for the test's name; undefined for a JSON trace. */
async function capsuleTitle(cwd: string, args: ExportTestArgs): Promise<string | undefined> {
  if (peekZip(cwd, args.trace) !== 'zip') return undefined;
  const bytes = readBytes(cwd, args.trace, 'trace file');
  let view = new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (looksEncrypted(view)) {
    // The replay has opened it with this key already.
    const opened = await decryptCapsule(view, keyInText(args.key ?? ''));
    if (!opened.ok) return undefined;
    view = opened.zip;
  }
  if (!isZip(view)) return undefined;
  const { readCapsule } = await import('../core/share/capsule');
  const read = readCapsule(view);
  return read.ok ? read.payload.notes?.title : undefined;
}

export async function exportTest(args: ExportTestArgs, io: CliIo, replay: Replay): Promise<number> {
  const flowFile = args.sources[0];
  if (flowFile === undefined && args.importPath === undefined) {
    throw new InputError(`the test imports the flow from your checkout, which '${args.trace}' does not say where to find: give the flow's file after it, or --import-path PATH`);
  }
  const done = await replay(args);
  if (typeof done === 'number') return done;
  const { input: loaded, run, shown } = done;
  const { report } = run;
  if (report.status === 'rejected' || !report.result) {
    const where = formatLocation(report.rejection?.location, shown);
    io.stderr(`timescope: no test written, as there is no result to assert: the replay stopped with ${describeRejection(report)}${where ? `\n    at ${where}` : ''}\n`);
    return 2;
  }

  const out = args.out !== undefined ? path.resolve(io.cwd, args.out) : undefined;
  const importPath = args.importPath ?? specifierFrom(out ? path.dirname(out) : io.cwd, path.resolve(io.cwd, flowFile!));
  const name = out ? baseNameOf(out) : undefined;
  const title = args.title ?? (await capsuleTitle(io.cwd, args));
  const input = regressionInputFromReport({
    report,
    trace: loaded.trace,
    flavour: args.flavour,
    traceMode: args.traceBeside ? 'beside' : 'embed',
    flowImportPath: importPath,
    exportName: run.exportName,
    assertPaths: args.asserts.length > 0 ? args.asserts : prefillAssertPaths(report, loaded.trace),
    ...(title !== undefined ? { title } : {}),
    ...(loaded.context !== undefined ? { context: loaded.context } : {}),
    ...(name !== undefined ? { name, traceFileName: `${name}.trace.json` } : {})
  });
  checkAsserts(args, input);
  const test = buildOrSay(input);

  if (!out) {
    io.stdout(test.text);
    return 0;
  }
  const traceOut = test.traceFile ? path.join(path.dirname(out), test.traceFile.name) : undefined;
  write(out, test.text, args.out!);
  if (traceOut) write(traceOut, test.traceFile!.text, path.relative(io.cwd, traceOut));
  const wrote = traceOut ? `${args.out} and ${path.relative(io.cwd, traceOut)}` : args.out;
  io.stderr(`timescope: wrote ${wrote}: the replay ${verdictWords(report.result, input.unreached)}\n`);
  return 0;
}

/** Each --assert names a value the result has; if not, say which one and what there is. */
function checkAsserts(args: ExportTestArgs, input: RegressionInput): void {
  const success = input.outcome.type === 'Success';
  const payload = input.outcome.type === 'Success' ? input.outcome.value : input.outcome.error;
  args.asserts.forEach((keys, i) => {
    if (leafAt(payload, keys).found) return;
    const LIST = 12;
    const labels = valueLeaves(payload, { limit: LIST, perArray: 2 }).map((l) => l.label || '(the value itself)');
    const holds = labels.length > 0 ? `its values are ${labels.join(', ')}${labels.length === LIST ? ', …' : ''}` : 'it holds no value to assert';
    throw new InputError(`--assert ${args.assertTexts[i]}: the replay ended in ${success ? 'Success, and its value' : 'Failure, and its error'} has nothing there; ${holds}`);
  });
}

/** The builder's refusals (a trace JSON cannot hold beside the test, say) are unusable input. */
function buildOrSay(input: RegressionInput) {
  try {
    return buildRegressionTest(input);
  } catch (e) {
    throw new InputError(e instanceof Error ? e.message : String(e));
  }
}

function write(file: string, text: string, shownAs: string): void {
  try {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, text);
  } catch (e) {
    throw new InputError(`cannot write '${shownAs}': ${e instanceof Error ? e.message : String(e)}`);
  }
}
