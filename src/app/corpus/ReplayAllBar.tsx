// Above a corpus's list: "Replay all" against the flow in the editor, with the
// original flow as the baseline when asked, the what-if of the trace last open
// in every trace when asked, the progress while it runs, and Cancel. What it
// replays is said in words, so nobody wonders which code ran.
import { useState } from 'react';
import { useFilePick } from '../../components/useFilePick';
import { useCorpusStore } from '../../stores/corpusStore';
import { useReplayStore } from '../../stores/replayStore';
import { useSourceStore } from '../../stores/sourceStore';
import type { TraceModel } from '../../core/trace/model';
import { batchSize } from '../../worker/batchSize';
import { useWhatIfStore } from '../../stores/whatIfStore';
import { overrideOutcomeText, overrideWhereText } from '../../core/whatif/describe';
import { cancelReplayAll, corpusKey, replayAll, type BaselineChoice } from '../replay/replayAll';

const seconds = (ms: number) => `${(ms / 1000).toFixed(ms < 10_000 ? 1 : 0)} s`;

function FlowLabel() {
  const files = useSourceStore((s) => s.files);
  const edited = useReplayStore((s) => Object.keys(s.edits).length);
  if (files.length === 0) return <span className="text-warn">no flow loaded yet: drop its source file here, or open a trace and add it</span>;
  const names = files.map((f) => f.name).join(', ');
  return (
    <span>
      <span className="font-mono">{names}</span> {edited ? <>with your edits to {edited === 1 ? 'one file' : `${edited} files`}</> : <>as loaded (no edits)</>}
    </span>
  );
}

function Progress() {
  const run = useCorpusStore((s) => s.run);
  if (run.status === 'running') {
    return (
      <div className="flex items-center gap-2" role="status" aria-live="polite">
        <progress className="h-2 w-48" value={run.done} max={run.total} aria-label="Replay all progress" />
        <span>
          Replayed {run.done.toLocaleString('en-US')} of {run.total.toLocaleString('en-US')} in {batchSize()} sandboxed workers…
        </span>
        <button type="button" className="rounded border border-line px-2 py-0.5 hover:bg-raised" onClick={cancelReplayAll}>
          Cancel
        </button>
      </div>
    );
  }
  if (run.status === 'done' || run.status === 'cancelled') {
    return (
      <p role="status" className="text-muted">
        {run.status === 'cancelled' ? `Cancelled: ${run.done.toLocaleString('en-US')} of ${run.total.toLocaleString('en-US')} traces replayed` : `${run.total.toLocaleString('en-US')} traces replayed`} in{' '}
        {seconds(run.ms)}.
      </p>
    );
  }
  if (run.status === 'failed') {
    return (
      <p role="alert" className="text-err">
        {run.message}
      </p>
    );
  }
  return null;
}

/** Another version of the flow as the baseline (the one in production, say), read from a file. */
function BaselineFile({ running }: { running: boolean }) {
  const file = useCorpusStore((s) => s.baselineFile);
  const setFile = useCorpusStore((s) => s.setBaselineFile);
  const baseline = useFilePick('.ts,.tsx,.js,.jsx,.mjs,.cjs,.mts,.cts', 'Baseline flow file', (picked) => void picked.text().then((text) => setFile({ name: picked.name, text })));
  const button = 'rounded border border-line px-2 py-0.5 hover:bg-raised disabled:opacity-50';
  return (
    <div className="flex flex-wrap items-center gap-2">
      {file ? (
        <>
          <span>
            Baseline: <span className="font-mono">{file.name}</span>, replayed in place of the flow as loaded; each row shows before → after
          </span>
          <button type="button" className={button} disabled={running} onClick={() => setFile(undefined)}>
            Remove baseline
          </button>
        </>
      ) : (
        <button type="button" className={button} disabled={running} onClick={baseline.pick}>
          Baseline from a file…
        </button>
      )}
      {baseline.input}
    </div>
  );
}

/** The what-if set on the trace last open, offered for every trace: each override in words. */
function WhatIfChoice({ checked, running, onChange }: { checked: boolean; running: boolean; onChange(checked: boolean): void }) {
  const overrides = useWhatIfStore((s) => s.overrides);
  if (overrides.length === 0) return null;
  return (
    <label className="flex items-start gap-2">
      <input type="checkbox" className="mt-1" checked={checked} disabled={running} onChange={(e) => onChange(e.target.checked)} />
      <span>
        Apply the what-if to every trace ({overrides.length === 1 ? '1 step' : `${overrides.length} steps`} changed:{' '}
        <span className="font-mono text-[12px]">{overrides.map((o) => `${overrideWhereText(o.at)} ${overrideOutcomeText(o)}`).join('; ')}</span>). A trace with no such step is a
        flow-error that says so; the baseline reads the recording.
      </span>
    </label>
  );
}

export function ReplayAllBar({ fileName, models }: { fileName: string; models: readonly TraceModel[] }) {
  const running = useCorpusStore((s) => s.run.status === 'running');
  const edited = useReplayStore((s) => Object.keys(s.edits).length > 0);
  const hasFlow = useSourceStore((s) => s.files.length > 0);
  const [withBaseline, setWithBaseline] = useState(true);
  const [withWhatIf, setWithWhatIf] = useState(true);
  const overrides = useWhatIfStore((s) => s.overrides);
  const baselineFile = useCorpusStore((s) => s.baselineFile);
  const mine = useCorpusStore((s) => s.corpus === corpusKey(fileName, models));
  const baseline: BaselineChoice = baselineFile ? { kind: 'file', ...baselineFile } : edited && withBaseline ? { kind: 'loaded' } : { kind: 'none' };
  return (
    <section aria-label="Replay all" className="mt-3 space-y-2 rounded border border-line bg-panel p-3 text-[13px]">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <button
          type="button"
          disabled={running || !hasFlow}
          className="rounded bg-accent px-3 py-1 font-medium text-white disabled:opacity-50 dark:text-bg"
          onClick={() => void replayAll(fileName, models, baseline, withWhatIf ? overrides : [])}>
          Replay all {models.length.toLocaleString('en-US')}
        </button>
        <span className="min-w-0">
          against <FlowLabel />
        </span>
      </div>
      {edited && !baselineFile && (
        <label className="flex items-center gap-2">
          <input type="checkbox" checked={withBaseline} disabled={running} onChange={(e) => setWithBaseline(e.target.checked)} />
          Also replay the original flow, as the baseline: each row shows before → after
        </label>
      )}
      <WhatIfChoice checked={withWhatIf} running={running} onChange={setWithWhatIf} />
      <BaselineFile running={running} />
      {mine && <Progress />}
    </section>
  );
}
