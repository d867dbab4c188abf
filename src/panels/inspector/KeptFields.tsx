// After Minimize: which of this step's recorded values the failure depends on (the minimized
// incident kept them), marked under the step's value so the three values that matter stand out
// from the three hundred that do not.
import type { TraceModel, TraceStep } from '../../core/trace/model';
import { traceIdentity } from '../../core/trace/identity';
import { preview } from '../../core/present/step-text';
import { minimizedFor, useMinimizeStore } from '../../stores/minimizeStore';

/** `/trace/0/result/customer/email` → `result.customer.email`; `/initialInput/promo` → `initialInput.promo` */
const fieldName = (pointer: string) =>
  pointer
    .split('/')
    .slice(pointer.startsWith('/trace/') ? 3 : 1)
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
    .join('.');

export function KeptFields({ model, step }: { model: TraceModel; step: TraceStep }) {
  const result = useMinimizeStore((s) => minimizedFor(s, traceIdentity(model), model.flowName));
  if (!result) return null;
  // This step's own fields, then the input's and context's, which every step's run began from.
  const mine = result.kept.filter((k) => k.entry && k.entry.command === step.command && k.entry.path === step.path);
  const start = result.kept.filter((k) => !k.entry);
  const shown = [...mine, ...start];
  return (
    <div className="rounded border border-accent/60 px-2 py-1 text-[12px]" data-testid="kept-fields">
      <p className="font-semibold text-accent">
        {mine.length ? 'This failure depends on' : shown.length ? 'This failure depends on none of this step’s values; of the input, on' : 'Minimize removed every value: the failure depends on none of them'}
      </p>
      {shown.length > 0 && (
        <ul className="mt-0.5 font-mono" aria-label="The fields the failure depends on">
          {shown.map((k) => (
            <li key={k.pointer} className="break-words">
              <mark className="rounded bg-accent/15 px-0.5 text-fg">{fieldName(k.pointer)}</mark>: {preview(k.value)}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
