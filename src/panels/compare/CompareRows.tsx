// The aligned steps of two runs, one option per row: the mark in words and a
// symbol (never colour alone), the path, the Command, and the two durations.
// The listbox keeps focus and points at the selected row, as the step list does,
// and is virtualized like it, so a comparison of two big traces stays quick.
import { useEffect, useRef } from 'react';
import { MARK_TEXT, type AlignMark } from '../../core/compare/align';
import { rowOf, type AlignmentWire, type WireRow } from '../../core/compare/session';
import { formatMs } from '../../core/present/step-text';
import { useFixedRows } from '../../components/useFixedRows';
import { rowAlignedBottom, useRowAlignedEnd } from '../../components/useRowAlignedEnd';

const TONE: Record<AlignMark, string> = { same: 'text-muted', 'value-changed': 'text-warn', 'only-a': 'text-err', 'only-b': 'text-accent' };
const SYMBOL: Record<AlignMark, string> = { same: '=', 'value-changed': '≠', 'only-a': '−', 'only-b': '+' };

export function rowLabel(row: WireRow): string {
  const command = row.commandB ? `${row.command} / ${row.commandB}` : row.command;
  return `${MARK_TEXT[row.mark]}, ${row.key}, ${command}, A ${formatMs(row.durationA)}, B ${formatMs(row.durationB)}`;
}

/** Every row's height: rows are never measured, so a long comparison renders only what is in view. */
const ROW_HEIGHT = 26;
const COLUMNS = 'grid grid-cols-[7.5rem_minmax(0,1fr)_5rem_5rem] gap-2 px-2';

export function CompareRows({ rows, selected, onSelect, onStep }: { rows: AlignmentWire; selected: number; onSelect(row: number): void; onStep(delta: number): void }) {
  const list = useRef<HTMLDivElement>(null);
  const count = rows.count;
  const virtual = useFixedRows(list, count, ROW_HEIGHT, 12);
  const endSpacer = useRowAlignedEnd(list, ROW_HEIGHT);
  // The selected row into view, the nearest way (the row's place is arithmetic), the top row whole.
  useEffect(() => {
    const el = list.current;
    if (!count || !el) return;
    const top = selected * ROW_HEIGHT;
    if (top < el.scrollTop) el.scrollTop = top;
    else if (top + ROW_HEIGHT > el.scrollTop + el.clientHeight) el.scrollTop = rowAlignedBottom(top, el.clientHeight, ROW_HEIGHT);
  }, [selected, count]);
  return (
    <>
      <div aria-hidden className={`${COLUMNS} shrink-0 border-b border-line bg-panel py-1 text-[11px] uppercase tracking-wide text-muted`}>
        <span>Mark</span>
        <span>Step</span>
        <span className="text-right">A</span>
        <span className="text-right">B</span>
      </div>
      <div
        ref={list}
        role="listbox"
        aria-label="Aligned steps"
        tabIndex={0}
        aria-activedescendant={count ? `compare-row-${selected}` : undefined}
        className="relative min-h-0 overflow-auto outline-offset-[-2px]"
        onKeyDown={(e) => {
          const delta = e.key === 'ArrowDown' ? 1 : e.key === 'ArrowUp' ? -1 : e.key === 'Home' ? -count : e.key === 'End' ? count : 0;
          if (!delta) return;
          e.preventDefault();
          e.stopPropagation();
          onStep(delta);
        }}
      >
        <div style={{ height: virtual.totalSize, position: 'relative' }}>
          {virtual.items.map((item) => {
            const i = item.index;
            const row = rowOf(rows, i)!;
            return (
              <div
                key={i}
                id={`compare-row-${i}`}
                role="option"
                aria-selected={i === selected}
                aria-setsize={count}
                aria-posinset={i + 1}
                aria-label={rowLabel(row)}
                data-mark={row.mark}
                onClick={() => onSelect(i)}
                style={{ position: 'absolute', top: 0, left: 0, right: 0, height: ROW_HEIGHT, transform: `translateY(${item.start}px)` }}
                className={`${COLUMNS} cursor-default items-center border-b border-line/60 text-[12px] ${i === selected ? 'bg-accent-soft' : 'hover:bg-raised'}`}
              >
                {/* On the selected row's tint the warning amber falls under 4.5:1; the words and symbol still say it. */}
                <span className={`truncate font-semibold ${i === selected ? 'text-fg' : TONE[row.mark]}`}>
                  <span aria-hidden>{SYMBOL[row.mark]} </span>
                  {MARK_TEXT[row.mark]}
                </span>
                <span className="min-w-0 truncate font-mono">
                  <span className="text-muted">{row.key}</span> {row.command}
                  {row.commandB && <span className="text-muted"> / {row.commandB}</span>}
                </span>
                <span className="text-right font-mono tabular-nums">{formatMs(row.durationA)}</span>
                <span className="text-right font-mono tabular-nums">{formatMs(row.durationB)}</span>
              </div>
            );
          })}
        </div>
        <div ref={endSpacer} aria-hidden />
      </div>
    </>
  );
}
