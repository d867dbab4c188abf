// The recorded context, and the one the next replay will use: editable, to
// try the other side of an Ask.
import { useState } from 'react';
import type { TraceModel } from '../../core/trace/model';
import { unrecordedReason } from '../../core/present/step-text';
import { JsonValue } from '../../components/JsonValue';
import { useReplayStore } from '../../stores/replayStore';

export function ContextView({ model }: { model: TraceModel }) {
  const contextText = useReplayStore((s) => s.contextText);
  const setContextText = useReplayStore((s) => s.setContextText);
  const [draftError, setDraftError] = useState<string | undefined>();
  const editing = contextText !== undefined;
  return (
    <div className="space-y-2">
      {model.hasContext ? (
        <JsonValue value={model.context} label="context" exact={model.exactNumbers} pointer="/context" />
      ) : (
        <p className="text-[12px] text-muted">
          The trace holds no context.
          {model.unrecorded?.context && ` The recorder left it out: ${unrecordedReason(model.unrecorded.context)}.`}
        </p>
      )}
      {editing ? (
        <div>
          <label htmlFor="replay-context" className="text-[11px] font-semibold uppercase tracking-wide text-muted">
            Replay with this context instead
          </label>
          <textarea
            id="replay-context"
            spellCheck={false}
            value={contextText}
            onChange={(e) => {
              setContextText(e.target.value);
              try {
                JSON.parse(e.target.value);
                setDraftError(undefined);
              } catch (error) {
                setDraftError(error instanceof Error ? error.message : String(error));
              }
            }}
            className="mt-1 h-40 w-full rounded border border-line bg-bg p-2 font-mono text-[12px]"
            aria-invalid={draftError !== undefined}
            aria-describedby={draftError ? 'replay-context-error' : undefined}
          />
          {draftError && (
            <p id="replay-context-error" className="text-[12px] text-err">
              Not valid JSON: {draftError}
            </p>
          )}
          <button type="button" className="mt-1 rounded border border-line px-2 py-0.5 text-[12px] hover:bg-raised" onClick={() => { setContextText(undefined); setDraftError(undefined); }}>
            Use the recorded context
          </button>
        </div>
      ) : (
        <button
          type="button"
          className="rounded border border-line px-2 py-0.5 text-[12px] hover:bg-raised"
          onClick={() => setContextText(JSON.stringify(model.hasContext ? model.context : {}, null, 2) ?? '{}')}
        >
          Replay with another context…
        </button>
      )}
    </div>
  );
}
