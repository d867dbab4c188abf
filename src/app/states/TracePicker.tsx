import { useEffect, useState } from 'react';
import type { LocalLoad } from '../../stores/traceStore';
import { useTraceStore } from '../../stores/traceStore';
import { useCompareStore } from '../../stores/compareStore';
import { clearStepHash } from '../navigation/stepHash';
import { useCorpusStore } from '../../stores/corpusStore';
import { ReplayAllBar } from '../corpus/ReplayAllBar';
import { VerdictMatrix } from '../corpus/VerdictMatrix';
import { corpusKey } from '../replay/replayAll';
import { setAsideText } from '../../core/trace/corpus';
import { takeLostFocus } from '../../components/focusLost';
import { FlowCell, LineCell, TraceTable } from '../corpus/traceTable';

type Picking = Extract<LocalLoad, { status: 'picking' }>;

/** Tick two rows, then Compare: the first ticked (in file order) is A and opens behind the Compare view. */
function CompareBar({ load, ticked, onDone }: { load: Picking; ticked: readonly number[]; onDone(): void }) {
  const pick = useTraceStore((s) => s.pick);
  const [busy, setBusy] = useState(false);
  const [ia, ib] = [...ticked].sort((x, y) => x - y);
  const ready = ticked.length === 2 && ia !== undefined && ib !== undefined;
  const flows = ready ? new Set([load.summaries[ia]?.flowName, load.summaries[ib]?.flowName]) : new Set();
  const label = (i: number) => `${load.fileName} · line ${load.summaries[i]?.line ?? i + 1}`;
  return (
    <div className="mt-2 flex flex-wrap items-center gap-2 text-[12px]">
      <button
        type="button"
        disabled={!ready || busy}
        className="rounded bg-accent px-3 py-1 font-medium text-white disabled:opacity-50 dark:text-bg"
        onClick={async () => {
          if (!ready) return;
          setBusy(true);
          const [a, b] = [load.models[ia], load.models[ib]];
          clearStepHash();
          pick(load, ia);
          if (a && b) await useCompareStore.getState().open({ model: a, label: label(ia) }, { model: b, label: label(ib) });
          setBusy(false);
          onDone();
        }}
      >
        Compare
      </button>
      <span className="text-muted" role="status">
        {ticked.length === 2
          ? `Lines ${load.summaries[ia!]?.line} and ${load.summaries[ib!]?.line} ticked${flows.size > 1 ? ' (they are of different flows)' : ''}.`
          : `Tick two traces of the same flow to compare them (${ticked.length} of 2 ticked).`}
      </span>
    </div>
  );
}

/** A day's log with thousands of cut lines is named by its first ones: a list that long says no more. */
const SET_ASIDE_SHOWN = 100;

export function TracePicker({ load }: { load: Picking }) {
  const pick = useTraceStore((s) => s.pick);
  // Once this corpus has been replayed, the matrix is the list.
  const replayed = useCorpusStore((s) => s.corpus === corpusKey(load.fileName, load.models) && s.rows.some((r) => r !== undefined));
  const [ticked, setTicked] = useState<number[]>([]);
  // Ticking a third drops the oldest, so there are always at most two.
  const toggle = (i: number) => setTicked((t) => (t.includes(i) ? t.filter((x) => x !== i) : [...t, i].slice(-2)));
  // Back from a trace, the focus is on that trace's row; a list just opened gives it to its first.
  useEffect(() => {
    const picked = useTraceStore.getState().picked;
    takeLostFocus(document.querySelector<HTMLElement>(`[data-open-row="${picked ?? 0}"]`) ?? document.querySelector<HTMLElement>('[data-open-row]'));
  }, [load]);
  return (
    <div className="flex h-full justify-center overflow-auto p-6">
      <div className="w-full max-w-5xl">
        <h1 className="text-base font-semibold">
          {load.fileName} {/ files$/.test(load.fileName) ? 'hold' : 'holds'} {load.summaries.length === 1 ? '1 trace' : `${load.summaries.length} traces`}. Pick one to open.
        </h1>
        {load.skipped && load.skipped.length > 0 && (
          <details className="mt-2 rounded border border-warn/50 bg-warn-soft px-3 py-1.5 text-[12px]">
            <summary className="cursor-pointer text-warn">{setAsideText(load.skipped)}</summary>
            <ul className="mt-1 list-disc pl-5">
              {load.skipped.slice(0, SET_ASIDE_SHOWN).map((s) => (
                <li key={`${s.name}:${s.line ?? ''}`}>
                  <span className="font-mono">{s.name}</span>: {s.message}
                </li>
              ))}
            </ul>
            {load.skipped.length > SET_ASIDE_SHOWN && <p className="mt-1 text-muted">and {(load.skipped.length - SET_ASIDE_SHOWN).toLocaleString('en-US')} more, not listed</p>}
          </details>
        )}
        <ReplayAllBar fileName={load.fileName} models={load.models} />
        {/* Above the list: in a corpus of hundreds the ticked rows are far down, the button must not be. */}
        <CompareBar load={load} ticked={ticked} onDone={() => setTicked([])} />
        {replayed ? (
          <VerdictMatrix fileName={load.fileName} summaries={load.summaries} models={load.models} ticked={ticked} toggle={toggle} />
        ) : (
        <TraceTable caption={`Traces in ${load.fileName}`} headers={['Line', 'Flow', 'Version', <span className="block text-right">Entries</span>, 'Outcome']} className="mt-3">
          <tbody>
            {load.summaries.map((s, i) => (
              <tr key={i} className="border-t border-line hover:bg-raised">
                {/* The tick shares the line's cell, so each row reads as before: line, flow, version… */}
                <LineCell line={s.line} source={s.source} ticked={ticked.includes(i)} toggle={() => toggle(i)} />
                <FlowCell
                  index={i}
                  flowName={s.flowName}
                  source={s.source}
                  onOpen={() => {
                    clearStepHash();
                    pick(load, i);
                  }}
                />
                <td className="px-2 py-1 font-mono">{s.version ?? '—'}</td>
                <td className="px-2 py-1 text-right font-mono">{s.entries.toLocaleString('en-US')}</td>
                <td className={`px-2 py-1 ${s.outcome === 'Failure' ? 'text-err' : 'text-muted'}`}>
                  {s.outcome === 'Failure' ? `✗ Failure${s.errorMessage ? `: ${s.errorMessage}` : ''}` : 'not known until replay'}
                </td>
              </tr>
            ))}
          </tbody>
        </TraceTable>
        )}
      </div>
    </div>
  );
}
