// Every value the logpoints showed, in the order the lines ran: the logpoint, its value (or what
// evaluating it threw), and the step it belongs to; a row selects its step. A filter box takes the
// step filter's syntax over the hits' steps and free text over expression and value. When both a
// production replay (the recorded code) and a fix's (the edited code) have hits, a switch picks
// whose. A hit can be pinned for the walkthrough, the post-mortem and a shared link.
import { useMemo, useRef, useState } from 'react';
import type { TraceModel } from '../../core/trace/model';
import { filterRows, type LogRow } from '../../core/logpoints/rows';
import { useFixedRows } from '../../components/useFixedRows';
import { useLogpointStore } from '../../stores/logpointStore';
import { useViewStore } from '../../stores/viewStore';
import { useReplayStore } from '../../stores/replayStore';
import { useLogReports } from '../../stores/useLogReports';
import { useAutoReplayBlocker } from '../../stores/autoReplay';
import { LOGPOINT_KEYS } from '../../editor/logpointKeys';
import { useLogRows, useStepFacts } from './useLogRows';
import { MAX_HITS } from '../../core/logpoints/collect';

const ROW = 26;

type Side = 'production' | 'fix';

function PinButton({ row }: { row: LogRow }) {
  const pinned = useLogpointStore((s) => s.pinned.some((h) => h.id === row.hit.id && h.seq === row.hit.seq));
  const toggle = () => {
    const store = useLogpointStore.getState();
    if (pinned) store.unpin(row.hit.id, row.hit.seq);
    // The step's path too: the step number counts places in this replay's report, which a later replay replaces.
    else
      store.pin({
        id: row.hit.id,
        seq: row.hit.seq,
        ...(row.hit.step !== undefined ? { step: row.hit.step } : {}),
        ...(row.hit.path !== undefined ? { path: row.hit.path } : {}),
        text: row.value,
        file: row.point.file,
        line: row.point.line,
        expr: row.point.expr
      });
  };
  return (
    <button
      type="button"
      aria-pressed={pinned}
      aria-label={`Pin ${row.label} = ${row.value} (${row.stepText})`}
      title={pinned ? 'Pinned: shown in the walkthrough, the post-mortem and a shared link. Click to unpin.' : 'Pin this value into the walkthrough, the post-mortem and a shared link'}
      onClick={toggle}
      className={`flex h-5 w-6 shrink-0 items-center justify-center rounded text-[12px] hover:bg-raised ${pinned ? 'text-accent' : 'text-muted'}`}
    >
      {pinned ? '★' : '☆'}
    </button>
  );
}

function Row({ row, selected, top }: { row: LogRow; selected: boolean; top: number }) {
  const select = () => {
    if (row.entry !== undefined) useViewStore.getState().select(row.entry);
  };
  return (
    <div
      role="listitem"
      data-testid="log-row"
      data-current={selected || undefined}
      className={`absolute inset-x-0 flex items-center gap-1 border-b border-line/60 px-2 ${selected ? 'bg-accent-soft' : ''}`}
      style={{ top, height: ROW }}
    >
      <button
        type="button"
        disabled={row.entry === undefined}
        onClick={select}
        aria-label={`${row.label} ${row.isError ? row.value : `= ${row.value}`}, ${row.stepText}`}
        title={`${row.label} = ${row.value}\n${row.stepText}${row.entry !== undefined ? ' (Enter or click: select this step)' : ''}`}
        className="grid min-w-0 flex-1 grid-cols-[minmax(7rem,12rem)_minmax(7rem,14rem)_minmax(0,1fr)] items-baseline gap-3 rounded px-1 text-left hover:bg-raised disabled:cursor-default disabled:hover:bg-transparent"
      >
        <span className="truncate font-mono text-[12px] text-muted">{row.stepText}</span>
        <span className="truncate font-mono text-[12px]">
          <span className="text-muted">
            {row.point.file}:{row.point.line}
          </span>{' '}
          {row.point.expr.trim()}
        </span>
        <span className={`truncate font-mono text-[12px] font-semibold ${row.isError ? 'text-err' : 'text-fg'}`} data-testid="log-value">
          {row.value}
        </span>
      </button>
      <PinButton row={row} />
    </div>
  );
}

function Empty({ hasPoints, side }: { hasPoints: boolean; side: Side | undefined }) {
  const blocked = useAutoReplayBlocker();
  const running = useReplayStore((s) => s.run.status === 'running');
  if (!hasPoints) {
    return (
      <div className="max-w-xl p-3 text-[12px] text-muted" data-testid="logs-empty">
        <p className="font-semibold text-fg">No logpoints yet</p>
        <p className="mt-1">
          A logpoint shows a value at a line of the flow every time the line ran in the replay, with no change to the code. Click in the gutter left of a line of
          the source, or put the cursor on a line and press <kbd className="font-mono">{LOGPOINT_KEYS}</kbd>; type what to show (such as{' '}
          <code className="font-mono">order.total</code>) and press Enter. Every time the line ran, its value lands here, with the step it belongs to.
        </p>
        <p className="mt-1">Logpoints only read values: a call or an assignment is refused before anything runs.</p>
      </div>
    );
  }
  const text = running
    ? 'Replaying to fill in the logpoints…'
    : blocked === 'link'
      ? 'This code came with a link: press Replay to run it and fill in the logpoints.'
      : blocked === 'no-source'
        ? "Add the flow's source file to replay it."
        : side === undefined
          ? 'Replay the flow to fill in the logpoints.'
          : 'No logpoint line ran in this replay (or none has an expression yet).';
  return (
    <p className="p-3 text-[12px] text-muted" data-testid="logs-empty">
      {text}
    </p>
  );
}

export function LogsPanel({ model }: { model: TraceModel }) {
  const reports = useLogReports();
  const [chosen, setChosen] = useState<Side>('fix');
  const side: Side | undefined = reports.fix && (chosen === 'fix' || !reports.production) ? 'fix' : reports.production ? 'production' : undefined;
  const shown = side ? reports[side] : undefined;
  const rows = useLogRows(shown);
  const facts = useStepFacts(model);
  const [text, setText] = useState('');
  const filtered = useMemo(() => filterRows(rows, text, facts), [rows, text, facts]);
  const hasPoints = useLogpointStore((s) => s.points.length > 0);
  const selected = useViewStore((s) => s.selected);
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtual = useFixedRows(scrollRef, filtered.rows.length, ROW, 10);
  const dropped = shown?.logs.dropped ?? 0;
  const count = text.trim() ? (filtered.problem ?? `${filtered.rows.length.toLocaleString('en-US')} of ${rows.length.toLocaleString('en-US')}`) : `${rows.length.toLocaleString('en-US')} ${rows.length === 1 ? 'hit' : 'hits'}`;
  const sideWords = side === 'fix' ? 'the edited code’s replay' : 'production’s replay (the recorded code)';
  return (
    <section aria-label="Logs" className="flex h-full min-h-0 flex-col bg-panel">
      <header className="@container flex h-8 shrink-0 items-center gap-2 border-b border-line px-2">
        <h2 className="text-xs font-semibold uppercase tracking-wide text-muted">Logs</h2>
        {reports.fix && reports.production ? (
          <div role="radiogroup" aria-label="Hits of which replay" className="flex shrink-0 overflow-hidden rounded border border-line text-[11px]">
            {(['production', 'fix'] as const).map((s) => (
              <button
                key={s}
                type="button"
                role="radio"
                aria-checked={side === s}
                onClick={() => setChosen(s)}
                className={`px-1.5 py-0.5 ${side === s ? 'bg-accent text-white dark:text-bg' : 'text-muted hover:bg-raised'}`}
              >
                {s === 'production' ? 'Production' : 'Edited code'}
              </button>
            ))}
          </div>
        ) : (
          side && (
            <span className="hidden truncate text-[11px] text-muted @[520px]:inline" data-testid="logs-side">
              from {sideWords}
            </span>
          )
        )}
        <input
          type="search"
          aria-label="Filter logs"
          aria-describedby="logs-filter-count"
          placeholder='Filter: cmd: path: is:threw, "value", or words'
          title={'The step filter\'s syntax, over the steps the hits belong to: cmd:name  path:1  is:threw  is:unreached  is:diverged  is:noted  is:starred\nWords also match the logpoint\'s expression and the value; "a phrase" the value only.'}
          spellCheck={false}
          autoComplete="off"
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Escape' && text) {
              e.preventDefault();
              e.stopPropagation();
              setText('');
            }
          }}
          className="ml-auto h-6 w-40 min-w-0 shrink rounded border border-line bg-bg px-1.5 font-mono text-[12px] text-fg placeholder:text-muted @[640px]:w-72"
        />
        <span id="logs-filter-count" aria-live="polite" className="shrink-0 text-[11px] tabular-nums text-muted" data-testid="logs-count">
          {count}
        </span>
        <button type="button" className="shrink-0 rounded px-1.5 text-[12px] text-muted hover:bg-raised hover:text-fg" onClick={() => useViewStore.getState().toggleNarration(true)}>
          Narration
        </button>
        <button type="button" className="rounded px-1.5 text-[13px] hover:bg-raised" aria-label="Close logs" onClick={() => useViewStore.getState().toggleLogs(false)}>
          ×
        </button>
      </header>
      {rows.length === 0 ? (
        <div className="min-h-0 flex-1 overflow-auto">
          <Empty hasPoints={hasPoints} side={side} />
        </div>
      ) : (
        <div ref={scrollRef} className="min-h-0 flex-1 overflow-auto">
          <div role="list" aria-label={`Logpoint hits, from ${sideWords}`} style={{ height: virtual.totalSize, position: 'relative' }}>
            {virtual.items.map((item) => {
              const row = filtered.rows[item.index]!;
              return <Row key={`${row.hit.id}:${row.hit.seq}`} row={row} selected={row.entry === selected} top={item.start} />;
            })}
          </div>
          {dropped > 0 && (
            <p className="px-3 py-1 text-[11px] text-warn">
              {dropped.toLocaleString('en-US')} more hits were counted but not kept: a replay keeps the first {MAX_HITS.toLocaleString('en-US')}.
            </p>
          )}
        </div>
      )}
    </section>
  );
}
