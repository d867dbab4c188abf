// The traces this browser kept, on the empty screen: reopen one (with its
// sources and step), forget one, or forget them all. Names and flows come
// from files, so they are only ever rendered as text.
import { useEffect, useRef, useState } from 'react';
import { forget, forgetAll, loadRecent, reopen, useRecentStore } from '../../persist/session';
import { formatBytes, LIMITS, relativeTime, type RecentEntry } from '../../persist/recent';
import { ConfirmButton } from '../../components/ConfirmButton';

/** The current time, every 30 s, so "5 min ago" stays true while the page is open. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 30_000);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

const plural = (n: number, one: string) => `${n.toLocaleString('en-US')} ${one}${n === 1 ? '' : 's'}`;

/** Under the title: the file on the left (truncated, never wrapped); which trace, its size and age on the right. */
function Details({ entry, now }: { entry: RecentEntry; now: number }) {
  const opened = new Date(entry.openedAt);
  const picked = entry.traces !== undefined && entry.pick !== undefined;
  const facts = [
    entry.traces !== undefined && (picked ? `trace ${entry.pick! + 1} of ${entry.traces}` : plural(entry.traces, 'trace')),
    (entry.traces === undefined || picked) && plural(entry.steps, 'step')
  ].filter((p): p is string => typeof p === 'string');
  return (
    <span className="mt-0.5 flex min-w-0 items-baseline justify-between gap-3 text-[12px] text-muted">
      {/* Without a flow name the title already is the file name. */}
      <span className="min-w-0 truncate font-mono" title={entry.fileName}>
        {entry.flowName !== undefined && entry.fileName}
      </span>
      <span className="shrink-0 whitespace-nowrap">
        {facts.map((f) => `${f} · `)}
        opened{' '}
        <time dateTime={opened.toISOString()} title={opened.toLocaleString()}>
          {relativeTime(entry.openedAt, now)}
        </time>
      </span>
    </span>
  );
}

function Outcome({ entry }: { entry: RecentEntry }) {
  if (entry.traces !== undefined && entry.pick === undefined) return null;
  return entry.outcome === 'Failure' ? (
    <span className="shrink-0 text-[12px] font-semibold text-err">✗ Failure</span>
  ) : (
    <span className="shrink-0 text-[12px] text-muted">outcome unknown</span>
  );
}

function NotKept({ entry }: { entry: RecentEntry }) {
  const why =
    entry.notKept === 'no-room'
      ? 'This browser had no room to keep it'
      : `Too big to keep here (${formatBytes(entry.bytes)}, over ${formatBytes(LIMITS.traceBytes)})`;
  return <span className="mt-0.5 block text-[12px] text-warn">{why}: open the file again to see it.</span>;
}

export function RecentIncidents() {
  const entries = useRecentStore((s) => s.entries);
  const now = useNow();
  const [gone, setGone] = useState<string | undefined>();
  const list = useRef<HTMLUListElement>(null);
  // After a Forget, focus the entry that took its place (or the page's first button), not the body.
  const focusAt = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (focusAt.current === undefined) return;
    const buttons = list.current?.querySelectorAll<HTMLButtonElement>('button[data-recent]');
    const target = buttons?.[Math.min(focusAt.current, buttons.length - 1)];
    (target ?? document.querySelector<HTMLButtonElement>('main button'))?.focus();
    focusAt.current = undefined;
  }, [entries]);

  if (!entries.length) return null;
  return (
    <section aria-labelledby="recent-title" className="w-full max-w-lg">
      <div className="flex min-h-7 items-center justify-between gap-2">
        <h2 id="recent-title" className="text-[12px] font-semibold uppercase tracking-wide text-muted">
          Recent incidents
        </h2>
        <ConfirmButton className="rounded px-2 py-0.5 text-[12px] text-muted hover:bg-raised hover:text-fg" question={`Forget all ${entries.length}?`} confirmLabel="Forget all" onConfirm={() => {
            focusAt.current = 0;
            void forgetAll();
          }}>
          Forget all
        </ConfirmButton>
      </div>
      {gone && (
        <p role="status" className="mt-1 text-[12px] text-warn">
          {gone} is no longer stored in this browser.
        </p>
      )}
      <ul ref={list} aria-labelledby="recent-title" className="mt-1 divide-y divide-line overflow-hidden rounded-lg border border-line bg-panel text-left">
        {entries.map((entry, i) => (
          <li key={entry.key} className="flex items-center gap-2 pr-2 hover:bg-raised">
            {entry.kept ? (
              <button
                type="button"
                data-recent
                className="min-w-0 flex-1 px-3 py-2 text-left focus-visible:bg-raised"
                onClick={() =>
                  void reopen(entry.key).then((ok) => {
                    if (ok) return;
                    setGone(entry.fileName);
                    void loadRecent();
                  })
                }
              >
                <span className="flex items-baseline justify-between gap-2">
                  <span className="min-w-0 truncate font-mono font-semibold">{entry.flowName ?? entry.fileName}</span>
                  <Outcome entry={entry} />
                </span>
                <Details entry={entry} now={now} />
              </button>
            ) : (
              <div className="min-w-0 flex-1 px-3 py-2">
                <span className="flex items-baseline justify-between gap-2">
                  <span className="min-w-0 truncate font-mono font-semibold">{entry.flowName ?? entry.fileName}</span>
                  <Outcome entry={entry} />
                </span>
                <Details entry={entry} now={now} />
                <NotKept entry={entry} />
              </div>
            )}
            <button
              type="button"
              className="shrink-0 rounded px-2 py-1 text-[12px] text-muted hover:bg-panel hover:text-err"
              aria-label={`Forget ${entry.flowName ?? entry.fileName}, ${entry.fileName}`}
              onClick={() => {
                focusAt.current = i;
                void forget(entry.key);
              }}
            >
              Forget
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
