// The answer to "did my change fix it?", right under the header: the
// verdict, what it means, the recorded and replayed outcomes side by side,
// and a jump to where the flow diverged.
import type { TraceModel } from '../../core/trace/model';
import type { RunResult } from '../../core/source/runFlow';
import { useReplayStore } from '../../stores/replayStore';
import { useViewStore } from '../../stores/viewStore';
import { proofText } from '../../core/verdict/verdict';
import { outcomeText, verdictText, type VerdictTone } from './verdictText';
import type { ReplayFailure } from '../../stores/replayStore';
import { RefusedList } from './RefusedList';
import { AmbientList } from './AmbientList';
import { MaskedInputNote } from './MaskedInputNote';
import { whatIfCountText } from '../../core/whatif/describe';
import { useWhatIfStore } from '../../stores/whatIfStore';

const TONE: Record<VerdictTone, string> = {
  ok: 'border-ok/50 bg-ok-soft text-ok',
  err: 'border-err/50 bg-err-soft text-err',
  warn: 'border-warn/50 bg-warn-soft text-warn',
  paradox: 'border-paradox/50 bg-paradox-soft text-paradox'
};

/** What ended a replay that has no verdict: data-verdict names it for tests and tools. */
type NoVerdict = ReplayFailure | 'compile-error' | 'load-error' | 'no-flow';

const FAILURE_TITLE: Record<ReplayFailure, string> = {
  timeout: 'Stopped at the time limit',
  memory: 'Out of memory',
  input: 'Could not replay',
  sandbox: 'Could not replay'
};

function CompileOrLoad({ kind, title, message, where, whatIf }: { kind: NoVerdict; title: string; message: string; where?: string; whatIf?: boolean }) {
  const overrides = useWhatIfStore((s) => s.overrides.length);
  return (
    <div role="status" data-verdict={kind} className={`flex items-start gap-2 border-b px-3 py-1.5 text-[12px] ${TONE.err}`}>
      <strong className="shrink-0 uppercase tracking-wide" data-testid="verdict">
        {title}
      </strong>
      <span className="min-w-0 font-mono text-fg">
        {where && <span className="text-muted">{where}: </span>}
        {message}
      </span>
      {/* A what-if that came with a link may name a step this trace lacks: one way out of it. */}
      {whatIf && overrides > 0 && (
        <button type="button" className="ml-auto shrink-0 rounded border border-current px-2 py-0.5 hover:bg-panel" onClick={() => {
            useWhatIfStore.getState().replaceAll([]);
            useReplayStore.getState().requestReplay();
          }}>
          Remove the what-ifs
        </button>
      )}
    </div>
  );
}

/** Pure code read the real clock or randomness in this replay (not the settings' fixed ones). */
const readToday = (result: RunResult) => result.kind === 'report' && (result.ambient ?? []).some((r) => !r.fixed);

export function VerdictBanner({ model }: { model: TraceModel }) {
  const current = useReplayStore((s) => s.run);
  const select = useViewStore((s) => s.select);
  // The verdict is known before the rest of the answer has arrived: it shows at once.
  const run = current.status === 'running' && current.early ? { status: 'done' as const, ...current.early } : current;
  if (run.status === 'idle') return null;
  // The replay on load is quiet: the toolbar says it runs, and a reproduced recording needs no action.
  if (run.status === 'running' && run.auto) return null;
  // …unless its pure code read today's clock or randomness: then "reproduced" may be so only today.
  if (run.status === 'done' && run.auto && run.verdict?.kind === 'reproduced' && !readToday(run.result)) return null;
  if (run.status === 'running') {
    // The verdict's own rows, waiting: when it comes it takes their place instead of pushing the
    // editor down (a relayout and redraw of Monaco in the very frame that shows the verdict).
    return (
      <section role="status" className="border-b border-line bg-panel px-3 py-1.5 text-[12px] text-muted">
        <div className="flex min-h-6 items-center gap-2">
          <span>Replaying the flow against the recording…</span>
        </div>
        <dl className="mt-0.5 grid grid-cols-[max-content_minmax(0,1fr)] gap-x-2 text-[11.5px]" aria-hidden="true">
          <dt>Recorded</dt>
          <dd>…</dd>
          <dt>Replayed now</dt>
          <dd>…</dd>
        </dl>
      </section>
    );
  }
  if (run.status === 'failed') return <CompileOrLoad kind={run.reason} title={FAILURE_TITLE[run.reason]} message={run.message} whatIf={run.reason === 'input'} />;
  const { result } = run;
  if (result.kind === 'compile-error') return <CompileOrLoad kind="compile-error" title="Does not compile" message={result.message} where={`${result.file}:${result.line}:${result.column}`} />;
  if (result.kind === 'load-error') {
    const where = result.location ? `${result.location.file}:${result.location.line}` : undefined;
    return <CompileOrLoad kind="load-error" title="Error loading the flow" message={result.message} where={where} />;
  }
  if (result.kind === 'no-flow') return <CompileOrLoad kind="no-flow" title="No flow to replay" message={result.message} />;
  if (result.kind !== 'report' || !run.verdict) return null;
  const { report } = result;
  // Production's outcome as the verdict was judged against it: the trace's, or the recorded code's replay with the recorded context.
  const production = run.production;
  const text = verdictText(run.verdict, model, report.unreached);
  const verdict = run.verdict;
  const jumpTo = verdict.kind === 'diverged' ? verdict.entryIndex : verdict.kind === 'flow-error' ? undefined : report.unreached[0];
  // A replay fault is told in plain words here; the library's own text is its tooltip and in the step's details.
  const fault = report.fault;
  const replayedText = fault
    ? `stopped: ${fault.kind === 'TimeParadox' ? 'the flow asked for other Commands than production did' : 'the flow asked for a step production never ran'}`
    : report.result
      ? outcomeText(report.result)
      : `rejected: ${report.rejection?.text.name ?? 'error'}`;
  const replayedTitle = fault ? `${fault.kind}: ${fault.message}` : replayedText;
  const rejectionWhere = report.rejection?.location ? `${report.rejection.location.file}:${report.rejection.location.line}:${report.rejection.location.column}` : undefined;
  return (
    <section aria-label="Replay verdict" data-verdict={verdict.kind} className={`border-b px-3 py-1.5 text-[12px] ${TONE[text.tone]}`}>
      {/* As tall with its button as without: the running banner (above) and every verdict hold the editor still. */}
      <div className="flex min-h-6 items-center gap-2">
        <strong className="shrink-0 uppercase tracking-wide" data-testid="verdict">
          {text.title}
        </strong>
        {run.overrides.length > 0 && (
          <span className="shrink-0 rounded border border-whatif/60 bg-whatif-soft px-1.5 text-[11px] font-medium text-whatif" data-testid="whatif-count" title="Steps whose recorded outcome this replay changed; the verdict compares against the unchanged recording">
            {whatIfCountText(run.overrides.length)}
          </span>
        )}
        {/* What the flow threw can be long: up to two lines, its place first so it is never cut off. */}
        <span className={`min-w-0 flex-1 text-fg ${rejectionWhere ? 'line-clamp-2 break-words' : 'truncate'}`} title={text.detail}>
          {rejectionWhere && <span className="font-mono text-muted">at {rejectionWhere}: </span>}
          {text.detail}
        </span>
        <span className="shrink-0 font-mono text-[11px] text-muted" title="How long the replay took in its worker" data-testid="replay-ms">
          {run.ms.toFixed(0)} ms
        </span>
        {jumpTo !== undefined && (
          <button type="button" className="shrink-0 rounded border border-current px-2 py-0.5 hover:bg-panel" onClick={() => select(jumpTo)}>
            {verdict.kind === 'diverged' ? 'Go to the divergence' : 'Go to the first unreached step'}
          </button>
        )}
      </div>
      <RefusedList refused={result.refused} />
      <AmbientList reads={result.ambient} settings={run.ambient} />
      {verdict.kind !== 'reproduced' && <MaskedInputNote model={model} />}
      {/* Both outcomes in plain sight: a verdict is only believed next to what it compares. */}
      <dl className="mt-0.5 grid grid-cols-[max-content_minmax(0,1fr)] gap-x-2 text-[11.5px] text-fg" aria-label="Recorded and replayed outcomes">
        <dt className="text-muted">Recorded</dt>
        <dd className="truncate font-mono" data-testid="outcome-recorded" title={production ? proofText(production.proof) : 'Neither the trace nor a replay of the recorded code with the recorded context has shown it'}>
          {/* The proof first: a long value is cut at the row's end, and how it is known must stay in sight. */}
          {production && <span className="font-sans text-muted">{production.proof === 'trace' ? 'proven by the trace' : 'proven by replaying the recorded code'} · </span>}
          {outcomeText(production?.outcome)}
        </dd>
        <dt className="text-muted">Replayed now</dt>
        <dd className="truncate font-mono" data-testid="outcome-replayed" title={replayedTitle}>
          {replayedText}
        </dd>
      </dl>
    </section>
  );
}
