// The selected row, A against B: what each run did, what differs (the
// pipeline view's change list, over the two recorded values), and both values.
// The values come from the compare worker, which holds both runs.
import { MARK_TEXT } from '../../core/compare/align';
import type { RowDetail, StepSide, WireRow } from '../../core/compare/session';
import { JsonValue } from '../../components/JsonValue';
import { ChangeList } from '../inspector/ReceivedView';

const heading = 'text-[11px] font-semibold uppercase tracking-wide text-muted';

function Side({ name, side, has }: { name: 'A' | 'B'; side: StepSide | undefined; has: boolean }) {
  return (
    <div className="min-w-0" data-testid={`compare-side-${name}`}>
      <h3 className={heading}>Run {name}</h3>
      {!has ? (
        <p className="mt-1 text-[12px] text-muted">Run {name} made no such step.</p>
      ) : side ? (
        <>
          <p className={`mt-1 break-words font-mono text-[12px] ${side.threw ? 'text-err' : ''}`}>{side.outcome}</p>
          {'value' in side && (
            <div className="mt-1">
              <JsonValue value={side.value} label={`value in run ${name}`} />
            </div>
          )}
        </>
      ) : (
        <p className="mt-1 text-[12px] text-muted" aria-busy="true">
          Reading run {name}’s value…
        </p>
      )}
    </div>
  );
}

export function CompareDiff({ row, detail }: { row: WireRow | undefined; detail: RowDetail | undefined }) {
  if (!row) return <p className="p-3 text-[12px] text-muted">The two runs have no steps.</p>;
  return (
    <section aria-label="Difference" className="space-y-3 p-3">
      <div>
        <h2 className="text-[13px] font-semibold">
          <span className="font-mono">{row.key}</span> {row.command}
          {row.commandB && <span className="text-muted"> / {row.commandB}</span>}: {MARK_TEXT[row.mark]}
        </h2>
        {detail?.difference && (
          <p className="mt-0.5 break-words text-[12px]" data-testid="compare-difference">
            {detail.difference}
          </p>
        )}
      </div>
      {detail && detail.changes.length > 0 && (
        <div>
          <h3 className={heading}>What differs, A → B</h3>
          <ChangeList changes={detail.changes} label="Differences from A to B" />
        </div>
      )}
      <div className="grid gap-3 sm:grid-cols-2">
        <Side name="A" side={detail?.a} has={row.a !== undefined} />
        <Side name="B" side={detail?.b} has={row.b !== undefined} />
      </div>
    </section>
  );
}
