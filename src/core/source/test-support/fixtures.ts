// Every replay the shared fixtures describe: each case as recorded, and each variant with its own
// flow file, context and build. Test-only (Node's fs); used by the source tests and the CLI tests.
import { FIXTURES, exists, join, listDir, readJson, readText } from '../../trace/test-support/files';

export { FIXTURES };

interface CaseJson {
  flowExport: string;
  trace?: string;
  context?: unknown;
  version?: string;
  variants?: { name: string; file: string; context?: unknown; version?: string }[];
}

export interface FixtureRun {
  /** 'checkout-zero-total' or 'checkout-zero-total/fixed' */
  readonly id: string;
  readonly dir: string;
  /** the flow file's name inside dir */
  readonly flowFile: string;
  readonly traceFile: string;
  readonly flowExport: string;
  /** only for variants: the context and build to replay with */
  readonly context?: unknown;
  readonly version?: string;
  readonly narration: string;
  /** the expected replay.json (result, unreached), or the *.rejected.json when timeTravel rejects */
  readonly replayFile: string;
  readonly rejected: boolean;
}

export function fixtureCases(): string[] {
  return listDir(FIXTURES).filter((name) => exists(join(FIXTURES, name, 'case.json')));
}

export function fixtureRuns(): FixtureRun[] {
  const runs: FixtureRun[] = [];
  for (const name of fixtureCases()) {
    const dir = join(FIXTURES, name);
    const c = readJson(join(dir, 'case.json')) as CaseJson;
    const flowFile = listDir(dir).find((f) => /^flow\.[a-z]+$/.test(f))!;
    const traceFile = c.trace ? join(dir, c.trace) : join(dir, 'expected', 'trace.json');
    const expected = (suffix: string) => {
      const rejectedFile = join(dir, 'expected', `replay${suffix}.rejected.json`);
      const rejected = exists(rejectedFile);
      return {
        narration: readText(join(dir, 'expected', `narration${suffix}.txt`)),
        replayFile: rejected ? rejectedFile : join(dir, 'expected', `replay${suffix}.json`),
        rejected
      };
    };
    runs.push({ id: name, dir, flowFile, traceFile, flowExport: c.flowExport, ...expected('') });
    for (const v of c.variants ?? []) {
      const context = v.context ?? c.context;
      const version = v.version ?? c.version;
      runs.push({
        id: `${name}/${v.name}`,
        dir,
        flowFile: v.file,
        traceFile,
        flowExport: c.flowExport,
        ...(context !== undefined ? { context } : {}),
        ...(version !== undefined ? { version } : {}),
        ...expected(`-${v.name}`)
      });
    }
  }
  return runs;
}
