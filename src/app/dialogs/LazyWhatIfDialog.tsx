// The What if… dialog, loaded the first time a step's "What if…" is pressed: its JSON checker and
// form are no part of showing a trace, so the first paint does not wait for them (issue 11).
import { lazy, Suspense, useState } from 'react';
import type { TraceModel } from '../../core/trace/model';
import { useWhatIfStore } from '../../stores/whatIfStore';

const WhatIfDialog = lazy(() => import('../../panels/whatif/WhatIfDialog').then((m) => ({ default: m.WhatIfDialog })));

export function LazyWhatIfDialog({ model }: { model: TraceModel }) {
  const asked = useWhatIfStore((s) => s.editing !== undefined);
  const [mounted, setMounted] = useState(asked);
  if (asked && !mounted) setMounted(true);
  return mounted ? (
    <Suspense fallback={null}>
      <WhatIfDialog model={model} />
    </Suspense>
  ) : null;
}
