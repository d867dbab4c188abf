// A replay that fails differently from production, on a recording whose input or context arrived
// masked (`<redacted:email>`, recorded that way at the edge): the flow ran on the masks, not on
// what production saw, and that alone can explain the difference. Said next to the verdict, with
// where the masks are, so nobody hunts for a bug the recording's redaction made.
import { useMemo } from 'react';
import type { TraceModel } from '../../core/trace/model';
import { redactedValuesIn } from '../../core/redact/redactedReads';

/** The first masks in the trace's input and context, by path (walked once per trace). */
const masksOf = (model: TraceModel) =>
  [
    ...redactedValuesIn(model.initialInput, 3).map((r) => ({ ...r, path: r.path ? `initialInput.${r.path}` : 'initialInput' })),
    ...redactedValuesIn(model.context, 3).map((r) => ({ ...r, path: r.path ? `context.${r.path}` : 'context' }))
  ].slice(0, 3);

export function MaskedInputNote({ model }: { model: TraceModel }) {
  const marks = useMemo(() => masksOf(model), [model]);
  if (!marks.length) return null;
  return (
    <p className="mt-0.5 text-[11.5px] text-warn" data-testid="masked-input">
      This recording was redacted before it reached you ({marks.map((m) => `${m.path} = ${m.mark}`).join(', ')}): the replay ran on the masks, not on what production
      saw, which alone can make it fail differently.
    </p>
  );
}
