// What the JSONL picker's table (states/TracePicker) and Replay all's verdict matrix share: the
// table with its hidden caption and header row, and each row's first two cells, the line with its
// Compare tick and the flow's name that opens the trace.
import type { ReactNode } from 'react';

/** On the panel colour, not the page's: the accent links keep their contrast there in the light theme. */
export function TraceTable({ caption, headers, className = '', children }: { caption: string; headers: readonly ReactNode[]; className?: string; children: ReactNode }) {
  return (
    <table className={`w-full border-collapse bg-panel text-left text-[13px] ${className}`}>
      <caption className="sr-only">{caption}</caption>
      <thead className="text-[11px] uppercase tracking-wide text-muted">
        <tr>
          {headers.map((h, i) => (
            <th key={i} className="px-2 py-1 font-medium">
              {h}
            </th>
          ))}
        </tr>
      </thead>
      {children}
    </table>
  );
}

/** The line number, with the tick that picks the row for Compare (two at most, see TracePicker). */
export function LineCell({ line, source, ticked, toggle }: { line: number; source: string | undefined; ticked: boolean; toggle: () => void }) {
  return (
    <td className="px-2 py-1 font-mono text-muted">
      <label className="inline-flex items-center gap-1.5">
        <input type="checkbox" checked={ticked} onChange={toggle} aria-label={`Compare line ${line}${source ? ` of ${source}` : ''}`} />
        {line}
      </label>
    </td>
  );
}

/** The flow's name as the button that opens the trace (data-open-row: where focus returns), and the file it came from. */
export function FlowCell({ index, flowName, source, onOpen }: { index: number; flowName: string | undefined; source: string | undefined; onOpen: () => void }) {
  return (
    <td className="px-2 py-1">
      <button type="button" data-open-row={index} className="font-mono text-accent underline-offset-2 hover:underline" onClick={onOpen}>
        {flowName ?? '(unnamed flow)'}
      </button>
      {source && <div className="font-mono text-[11px] text-muted">{source}</div>}
    </td>
  );
}
