// The step details' "Logs at this step": the hits that belong to the selected step (their line
// ran while the flow handled its answer), from production's replay and, after an edit, the fix's.
import type { TraceStep } from '../../core/trace/model';
import { hitsOfStep } from '../../core/logpoints/view';
import { hitText } from '../../core/logpoints/present';
import type { Logpoint } from '../../core/logpoints/types';
import { useLogpointStore } from '../../stores/logpointStore';
import { useLogReports, type LogSide } from '../../stores/useLogReports';
import { useViewStore } from '../../stores/viewStore';

/** This step's place in the replay's steps (the one the recorded step answered), if it ran there. */
const stepIn = (side: LogSide, entry: number) => side.report.steps.findIndex((s) => s.entryIndex === entry);

function Hits({ side, entry, points, title }: { side: LogSide; entry: number; points: readonly Logpoint[]; title: string | undefined }) {
  const k = stepIn(side, entry);
  const byId = new Map(points.map((p) => [p.id, p]));
  const hits = k < 0 ? [] : hitsOfStep(side.logs, k).filter((h) => {
    const p = byId.get(h.id);
    return p && side.logs.placements.some((q) => q.id === h.id && q.expr.trim() === p.expr.trim());
  });
  return (
    <div>
      {title && <h4 className="text-[11px] text-muted">{title}</h4>}
      {hits.length === 0 ? (
        <p className="text-[12px] text-muted">{k < 0 ? 'This step did not run in this replay.' : 'No logpoint line ran at this step.'}</p>
      ) : (
        <ul className="space-y-0.5">
          {hits.map((h) => {
            const p = byId.get(h.id)!;
            return (
              <li key={`${h.id}:${h.seq}`} className="flex min-w-0 items-baseline gap-2 font-mono text-[12px]">
                <span className="shrink-0 text-muted">
                  {p.file}:{p.line}
                </span>
                <span className="shrink-0">{p.expr.trim()}</span>
                <span className={`min-w-0 break-all font-semibold ${h.error !== undefined ? 'text-err' : ''}`}>{h.error !== undefined ? hitText(h) : `= ${hitText(h)}`}</span>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}

export function LogsAtStep({ step }: { step: TraceStep }) {
  const points = useLogpointStore((s) => s.points);
  const { production, fix } = useLogReports();
  if (points.length === 0) return null;
  const open = () => useViewStore.getState().toggleLogs(true);
  return (
    <section aria-label="Logs at this step" className="border-t border-line pt-2" data-testid="logs-at-step">
      <div className="mb-1 flex items-baseline gap-2">
        <h3 className="text-[11px] font-semibold uppercase tracking-wide text-muted">Logs at this step</h3>
        <button type="button" className="ml-auto text-[11px] text-accent hover:underline" onClick={open}>
          All logs
        </button>
      </div>
      {!production && !fix ? (
        <p className="text-[12px] text-muted">Not run yet: the next replay fills in your logpoints.</p>
      ) : (
        <div className="space-y-1.5">
          {fix && <Hits side={fix} entry={step.index} points={points} title={production ? 'Edited code' : undefined} />}
          {production && <Hits side={production} entry={step.index} points={points} title={fix ? 'Production' : undefined} />}
        </div>
      )}
    </section>
  );
}
