// A shared incident says how it was redacted: the receiver must know whether
// `<email:3f2a1c>` stands for a value that never left, and whether anything
// else in it may still be personal data.
import type { TraceModel } from '../../core/trace/model';
import { traceIdentity } from '../../core/trace/identity';
import { useReceivedStore } from '../../stores/receivedStore';
import { useViewStore } from '../../stores/viewStore';

const DISMISS_KIND = 'received-redaction';

function countRules(rules: readonly string[]): string {
  const counts = { key: 0, detector: 0, path: 0 };
  for (const r of rules) {
    const kind = r.slice(0, r.indexOf(':')) as keyof typeof counts;
    if (kind in counts) counts[kind]++;
  }
  const parts = [
    counts.key && `${counts.key} key name${counts.key === 1 ? '' : 's'}`,
    counts.detector && `${counts.detector} detector${counts.detector === 1 ? '' : 's'}`,
    counts.path && `${counts.path} field${counts.path === 1 ? '' : 's'}`
  ].filter(Boolean);
  return parts.length ? parts.join(', ') : 'no rules';
}

export function ReceivedBanner({ model }: { model: TraceModel }) {
  const received = useReceivedStore((s) => s.received);
  const dismissed = useViewStore((s) => s.dismissed.includes(DISMISS_KIND));
  const dismiss = useViewStore((s) => s.dismiss);
  if (!received || dismissed || received.traceId !== traceIdentity(model)) return null;
  const { applied, rules } = received.redaction;
  const from = received.from === 'link' ? 'link' : 'capsule';
  return (
    <div
      role="note"
      aria-label="How this incident was shared"
      data-testid="received-redaction"
      className={`flex shrink-0 items-start gap-2 border-b border-line px-3 py-1 text-[12px] ${applied ? 'bg-panel text-fg' : 'bg-warn-soft text-warn'}`}
    >
      <details className="min-w-0 flex-1">
        <summary className="cursor-pointer">
          {applied
            ? `Shared as a redacted ${from}, with ${countRules(rules)}: tokens such as <email:3f2a1c> stand for values that never left the sender’s browser.`
            : `Shared as a ${from} without redaction: it may hold personal data. Handle it as production data.`}
        </summary>
        {applied && (
          <p className="mt-1 font-mono text-[11px] text-muted" data-testid="received-rules">
            {rules.join(', ')}
          </p>
        )}
      </details>
      <button type="button" className="rounded px-1 hover:bg-raised" aria-label="Dismiss the note on how this incident was shared" onClick={() => dismiss(DISMISS_KIND)}>
        ×
      </button>
    </div>
  );
}
