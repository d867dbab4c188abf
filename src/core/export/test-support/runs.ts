// Post-mortem inputs for every shared fixture, made the way the app makes them: the original files
// replayed as the baseline and, for a variant, the flow file edited to the variant's text and
// replayed with its build and context. Test-only (Node's fs); the sample script uses it too.
import * as effect from '../../effect/index';
import { replayTrace } from '../../replay/replayTrace';
import type { ReplayReport } from '../../replay/report';
import { replayFlowSource, type FlowSourceRequest } from '../../source/runFlow';
import { fixtureRuns, type FixtureRun } from '../../source/test-support/fixtures';
import { buildModel } from '../../trace/build';
import type { TraceModel } from '../../trace/model';
import { join, listDir, readJson, readText } from '../../trace/test-support/files';

export interface PostmortemRun {
  readonly id: string;
  readonly run: FixtureRun;
  readonly model: TraceModel;
  /** the flow file and its siblings, with the flow file's edited text for a variant */
  readonly sources: { readonly name: string; readonly original: string; readonly edited?: string }[];
  readonly baseline: ReplayReport;
  /** the variant's replay; for a case as recorded, the baseline again (what the app has after Replay) */
  readonly lastReplay: ReplayReport;
  readonly edited: boolean;
}

async function replay(req: FlowSourceRequest): Promise<ReplayReport> {
  const out = await replayFlowSource(req, effect, replayTrace);
  if (out.kind !== 'report') throw new Error(`expected a report, got ${out.kind}`);
  return out.report;
}

const originalFlowFile = (dir: string) => listDir(dir).find((f) => /^flow\.[a-z]+$/.test(f))!;

export async function postmortemRun(run: FixtureRun): Promise<PostmortemRun> {
  const flowFile = originalFlowFile(run.dir);
  const siblings = listDir(run.dir).filter((f) => /^services\.(ts|js)$/.test(f));
  const edited = run.flowFile !== flowFile;
  const flowText = readText(join(run.dir, flowFile));
  const sources: PostmortemRun['sources'] = [
    { name: flowFile, original: flowText, ...(edited ? { edited: readText(join(run.dir, run.flowFile)) } : {}) },
    ...siblings.map((name) => ({ name, original: readText(join(run.dir, name)) }))
  ];
  const baseline = await replay({ files: sources.map((s) => ({ name: s.name, text: s.original })), trace: readJson(run.traceFile) });
  // A variant may change only the context (tenant-ask), so every variant is replayed.
  const lastReplay = run.id.includes('/')
    ? await replay({
        files: sources.map((s) => ({ name: s.name, text: s.edited ?? s.original })),
        trace: readJson(run.traceFile),
        ...(run.context !== undefined ? { context: run.context } : {}),
        ...(run.version !== undefined ? { version: run.version } : {})
      })
    : baseline;
  return { id: run.id, run, model: buildModel(readJson(run.traceFile)), sources, baseline, lastReplay, edited };
}

export async function postmortemRunOf(id: string): Promise<PostmortemRun> {
  const run = fixtureRuns().find((r) => r.id === id);
  if (!run) throw new Error(`no fixture run ${id}`);
  return postmortemRun(run);
}
