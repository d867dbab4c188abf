// The verdict matrix: every trace of the corpus with its verdict against the
// change (before → after with a baseline), where it diverged, and what went
// unreached; grouped and counted by verdict, failing groups first, and
// filtered with the step filter's language. A row opens its trace at that step.
import { useMemo, useState } from 'react';
import type { TraceModel, TraceSummary } from '../../core/trace/model';
import { UNPROVEN, type BatchRow, type BatchVerdict } from '../../core/batch/verdict';
import { groupMatrix, matrixQuery, VERDICT_LABEL, VERDICT_ORDER, verdictCounts, type MatrixEntry } from '../../core/batch/matrix';
import { useCorpusStore } from '../../stores/corpusStore';
import { useTraceStore } from '../../stores/traceStore';
import { openCorpusRow } from '../replay/replayAll';
import { FlowCell, LineCell, TraceTable } from './traceTable';

const TONE: Record<BatchVerdict, string> = {
  reproduced: 'text-muted',
  fixed: 'text-ok',
  'outcome-changed': 'text-warn',
  diverged: 'text-paradox',
  'missing-step': 'text-paradox',
  'flow-error': 'text-err',
  refused: 'text-warn'
};

// Marks the app's fonts have everywhere (a rarer glyph drew as a box); the word beside each says it anyway.
const MARK: Record<BatchVerdict, string> = {
  reproduced: '=',
  fixed: '✓',
  'outcome-changed': '≠',
  diverged: '✗',
  'missing-step': '✗',
  'flow-error': '✗',
  refused: '!'
};

/** A group shows this many rows until asked for all: a corpus of 40,000 must not become 40,000 rows at once. */
const GROUP_ROWS = 200;

function VerdictCell({ row }: { row: BatchRow }) {
  return (
    <span className={TONE[row.verdict]}>
      <span aria-hidden="true">{MARK[row.verdict]} </span>
      {VERDICT_LABEL[row.verdict]}
    </span>
  );
}

function Counts({ counts, total }: { counts: Record<BatchVerdict, number>; total: number }) {
  const shown = useCorpusStore((s) => s.verdict);
  const show = useCorpusStore((s) => s.showVerdict);
  const chip = (pressed: boolean) => `rounded-full border px-2.5 py-0.5 ${pressed ? 'border-accent bg-accent-soft' : 'border-line hover:bg-raised'}`;
  return (
    <div role="group" aria-label="Verdicts" className="flex flex-wrap gap-2 text-[12px]">
      <button type="button" aria-pressed={shown === undefined} className={chip(shown === undefined)} onClick={() => show(undefined)}>
        All {total.toLocaleString('en-US')}
      </button>
      {VERDICT_ORDER.filter((v) => counts[v] > 0).map((v) => (
        <button key={v} type="button" aria-pressed={shown === v} data-verdict={v} className={chip(shown === v)} onClick={() => show(shown === v ? undefined : v)}>
          <span className={TONE[v]}>{VERDICT_LABEL[v]}</span> {counts[v].toLocaleString('en-US')}
        </button>
      ))}
    </div>
  );
}

interface RowProps {
  readonly entry: MatrixEntry;
  readonly summary: TraceSummary;
  readonly withBaseline: boolean;
  readonly open: (entry: MatrixEntry) => void;
  /** ticked for Compare (two at most, see TracePicker) */
  readonly ticked: boolean;
  readonly toggle: (index: number) => void;
}

function Row({ entry, summary, withBaseline, open, ticked, toggle }: RowProps) {
  const { after, before } = entry;
  const step = after.stepIndex;
  return (
    <tr className="border-t border-line align-top hover:bg-raised" data-line={summary.line}>
      <LineCell line={summary.line} source={entry.source} ticked={ticked} toggle={() => toggle(entry.index)} />
      <FlowCell index={entry.index} flowName={summary.flowName} source={entry.source} onOpen={() => open(entry)} />
      <td className="whitespace-nowrap px-2 py-1">
        {withBaseline && before && (
          <>
            <VerdictCell row={before} /> <span className="text-muted">→</span>{' '}
          </>
        )}
        <VerdictCell row={after} />
      </td>
      <td className="whitespace-nowrap px-2 py-1 font-mono">{step !== undefined ? `${step + 1} · ${entry.command ?? ''}` : '—'}</td>
      <td className="px-2 py-1 font-mono">{after.path ?? '—'}</td>
      <td className="px-2 py-1 font-mono text-[12px]">{after.unreached.length ? after.unreached.join(', ') : '—'}</td>
      <td className="max-w-[28rem] break-words px-2 py-1 text-muted">
        {after.outcomeUnproven ? (
          <>
            {after.detail.replace(` (${UNPROVEN})`, '')}
            <abbr title={UNPROVEN} className="no-underline">
              {' '}†
            </abbr>
          </>
        ) : (
          after.detail
        )}
      </td>
    </tr>
  );
}

interface MatrixProps {
  readonly fileName: string;
  readonly summaries: readonly TraceSummary[];
  readonly models: readonly TraceModel[];
  readonly ticked: readonly number[];
  readonly toggle: (index: number) => void;
}

export function VerdictMatrix({ fileName, summaries, models, ticked, toggle }: MatrixProps) {
  const rows = useCorpusStore((s) => s.rows);
  const withBaseline = useCorpusStore((s) => s.withBaseline);
  const only = useCorpusStore((s) => s.verdict);
  const text = useCorpusStore((s) => s.filterText);
  const setText = useCorpusStore((s) => s.setFilterText);
  const collection = useTraceStore((s) => s.local);
  const [all, setAll] = useState<ReadonlySet<BatchVerdict>>(new Set());

  const entries = useMemo(() => {
    const out: MatrixEntry[] = [];
    for (const row of rows) {
      if (!row) continue;
      const model = models[row.index];
      const summary = summaries[row.index];
      const step = row.after.stepIndex;
      out.push({
        index: row.index,
        line: summary?.line ?? row.index + 1,
        flowName: summary?.flowName,
        source: summary?.source,
        command: step !== undefined ? model?.steps.at(step)?.command : undefined,
        after: row.after,
        ...(row.before ? { before: row.before } : {})
      });
    }
    return out;
  }, [rows, models, summaries]);
  const query = useMemo(() => matrixQuery(text), [text]);
  const groups = useMemo(() => groupMatrix(entries, query, only), [entries, query, only]);
  const counts = useMemo(() => verdictCounts(entries), [entries]);
  const open = (entry: MatrixEntry) => {
    if (collection.status === 'picking') openCorpusRow(collection, entry.index, entry.after.stepIndex);
  };
  const matching = groups.reduce((n, g) => n + g.entries.length, 0);
  const unproven = entries.filter((e) => e.after.outcomeUnproven).length;

  return (
    <div className="mt-3 space-y-2">
      <Counts counts={counts} total={entries.length} />
      {unproven > 0 && (
        <p className="text-[12px] text-muted">
          † {unproven.toLocaleString('en-US')} reproduced {unproven === 1 ? 'trace has an outcome its recording does' : 'traces have outcomes their recordings do'} not prove (the last step returned):
          every Command was asked for in order, but the result was not compared. A baseline compares it.
        </p>
      )}
      <div className="flex items-center gap-2 text-[12px]">
        <label htmlFor="corpus-filter" className="text-muted">
          Filter
        </label>
        <input
          id="corpus-filter"
          type="search"
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder="words, cmd:name, path:2, is:diverged…"
          className="w-72 rounded border border-line bg-bg px-2 py-0.5 font-mono"
        />
        <span className="text-muted" aria-live="polite">
          {query.unknown.length ? `unknown ${query.unknown.join(', ')}` : `${matching.toLocaleString('en-US')} of ${entries.length.toLocaleString('en-US')} traces`}
        </span>
      </div>
      <TraceTable caption={`Verdicts for the traces in ${fileName}`} headers={['Line', 'Flow', withBaseline ? 'Before → after' : 'Verdict', 'Step', 'Path', 'Unreached', 'Detail']} className="rounded">
        {groups.map((g) => {
          const shown = all.has(g.verdict) ? g.entries : g.entries.slice(0, GROUP_ROWS);
          return (
            <tbody key={g.verdict} aria-label={`${VERDICT_LABEL[g.verdict]}: ${g.entries.length}`}>
              <tr className="border-t-2 border-line bg-raised">
                <th colSpan={7} scope="colgroup" className={`px-2 py-1 text-left text-[12px] font-semibold ${TONE[g.verdict]}`}>
                  {VERDICT_LABEL[g.verdict]} · {g.entries.length.toLocaleString('en-US')}
                </th>
              </tr>
              {shown.map((e) => (
                <Row key={e.index} entry={e} summary={summaries[e.index]!} withBaseline={withBaseline} open={open} ticked={ticked.includes(e.index)} toggle={toggle} />
              ))}
              {shown.length < g.entries.length && (
                <tr>
                  <td colSpan={7} className="px-2 py-1">
                    <button type="button" className="text-accent underline" onClick={() => setAll(new Set([...all, g.verdict]))}>
                      Show all {g.entries.length.toLocaleString('en-US')} {VERDICT_LABEL[g.verdict].toLowerCase()}
                    </button>
                  </td>
                </tr>
              )}
            </tbody>
          );
        })}
      </TraceTable>
    </div>
  );
}
