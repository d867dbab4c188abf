// "Copy link to this step": the Share dialog's link with its defaults (flow
// source included, redaction on), opening at this step. A clipboard the
// browser refuses, or redaction that cannot run, is said on the button.
// The link's code (redaction, deflate, the payload's schemas) loads on the first click, not with
// the inspector.
import { useState } from 'react';
import type { TraceModel } from '../../core/trace/model';

type State = { kind: 'idle' } | { kind: 'busy' } | { kind: 'copied' } | { kind: 'failed'; message: string };

export function StepLinkButton({ model, step }: { model: TraceModel; step: number }) {
  const [state, setState] = useState<State>({ kind: 'idle' });
  const copy = async () => {
    setState({ kind: 'busy' });
    try {
      const { buildShared, linkFor } = await import('../../share/buildShared');
      const { payload } = await buildShared(model, { includeSource: true, redact: true, step });
      await navigator.clipboard.writeText(linkFor(payload));
      setState({ kind: 'copied' });
      window.setTimeout(() => setState({ kind: 'idle' }), 1500);
    } catch (error) {
      setState({ kind: 'failed', message: error instanceof Error ? error.message : String(error) });
    }
  };
  return (
    <button
      type="button"
      className={`shrink-0 self-stretch whitespace-nowrap rounded border border-line px-1.5 text-[11px] hover:bg-raised ${state.kind === 'failed' ? 'text-err' : ''}`}
      title={state.kind === 'failed' ? `Could not copy the link: ${state.message}` : 'A redacted link that opens this incident at this step'}
      aria-label="Copy link to this step"
      disabled={state.kind === 'busy'}
      onClick={() => void copy()}
    >
      {state.kind === 'copied' ? 'Copied ✓' : state.kind === 'failed' ? 'Copy failed' : 'Copy link'}
      {state.kind === 'failed' && (
        <span role="alert" className="sr-only">
          Could not copy the link: {state.message}
        </span>
      )}
    </button>
  );
}
