// For the header while a local trace (or JSONL picker) is open: Close goes
// back to the empty screen and its recent list, keeping the trace there;
// Forget removes it from this browser for good (bytes, sources, edits).
import { useTraceStore } from '../../stores/traceStore';
import { closeTrace, describeOpen, forget } from '../../persist/session';
import { ConfirmButton } from '../../components/ConfirmButton';

const button = 'rounded border border-line px-2 py-1 text-[12px] hover:bg-raised';

export function ForgetButton() {
  const source = useTraceStore((s) => s.source);
  const status = useTraceStore((s) => s.local.status);
  // A trace from ?trace= is not kept here: it reloads from its URL.
  if (source.kind !== 'local' || (status !== 'ready' && status !== 'picking')) return null;
  return (
    <>
      <button type="button" className={button} onClick={closeTrace} title="Back to the start page; the trace stays in Recent incidents">
        Close
      </button>
      <ConfirmButton
        className={button}
        ariaLabel="Forget this trace"
        question="Forget this trace and its edits?"
        confirmLabel="Forget"
        onConfirm={() => {
          const { local, collection } = useTraceStore.getState();
          const open = describeOpen(local, collection);
          if (open) void forget(open.key);
        }}
      >
        Forget
      </ConfirmButton>
    </>
  );
}
