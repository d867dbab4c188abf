// Whether what leaves still fails the same way: the Share dialog's repro check (share/shareRepro.ts),
// run again whenever the rules or the stand-ins change. When redaction changes the failure it says
// which field, which line reads it, and offers the fix in place: a format-preserving stand-in (only
// when that was tried and restores the repro), or no longer redacting the culprit rule.
import { useEffect, useMemo, useState } from 'react';
import type { TraceModel } from '../../core/trace/model';
import { traceIdentity } from '../../core/trace/identity';
import { isDetectorId } from '../../core/redact/detectorIds';
import { standInsFor, useRedactionStore } from '../../stores/redactionStore';
import { useSourceStore } from '../../stores/sourceStore';
import { useReplayStore } from '../../stores/replayStore';
import type { ShareRepro } from '../../share/shareRepro';

type State = { readonly kind: 'checking' } | ShareRepro | { readonly kind: 'failed'; readonly message: string };

function useShareRepro(model: TraceModel): State {
  const traceId = traceIdentity(model);
  const keys = useRedactionStore((s) => s.keys);
  const detectors = useRedactionStore((s) => s.detectors);
  const paths = useRedactionStore((s) => s.paths[traceId]);
  const standIns = useRedactionStore((s) => standInsFor(s, traceId));
  const files = useSourceStore((s) => s.files);
  const exportName = useReplayStore((s) => s.exportName);
  // One check per combination of what goes into it: an answer for an older one reads as still checking.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the key changes with exactly these inputs
  const key = useMemo(() => ({}), [model, keys, detectors, paths, standIns, files, exportName]);
  const [answer, setAnswer] = useState<{ key: object; state: State }>();
  useEffect(() => {
    const controller = new AbortController();
    const settle = (state: State) => !controller.signal.aborted && setAnswer({ key, state });
    import('../../share/shareRepro')
      .then(({ checkShareRepro }) => checkShareRepro(model, controller.signal))
      .then(settle, (error: unknown) => settle({ kind: 'failed', message: error instanceof Error ? error.message : String(error) }));
    return () => controller.abort();
  }, [key, model]);
  return answer?.key === key ? answer.state : { kind: 'checking' };
}

/** What "stop redacting" does for a rule id, in words, and the store call that does it. */
function stopRule(rule: string, traceId: string): { label: string; run: () => void } | undefined {
  const store = useRedactionStore.getState();
  const [kind, ...rest] = rule.split(':');
  const name = rest.join(':');
  if (kind === 'key') return { label: `Stop redacting keys named ${name} (every incident)`, run: () => store.removeKey(name) };
  if (kind === 'detector' && isDetectorId(name)) return { label: `Turn off the ${name} detector (every incident)`, run: () => store.setDetector(name, false) };
  if (kind === 'path') return { label: `Stop redacting ${name} in this incident`, run: () => store.removePath(traceId, name) };
  return undefined;
}

export function ReproCheckLine({ model }: { model: TraceModel }) {
  const state = useShareRepro(model);
  const traceId = traceIdentity(model);
  const chosen = useRedactionStore((s) => standInsFor(s, traceId));
  const button = 'rounded border border-line px-2 py-1 hover:bg-raised';
  if (state.kind === 'checking')
    return (
      <p role="status" className="text-muted" data-testid="repro-check">
        Checking that the redacted incident still fails the same way…
      </p>
    );
  if (state.kind === 'failed')
    return (
      <p role="status" className="text-warn" data-testid="repro-check">
        Could not check the redacted incident: {state.message}
      </p>
    );
  if (state.kind === 'unchecked')
    return (
      <p role="status" className="text-warn" data-testid="repro-check">
        {state.reason}
      </p>
    );
  const { check } = state;
  const kinds = Object.keys(chosen).length ? ` (stand-ins kept: ${Object.entries(chosen).map(([type, kind]) => `${type} as ${kind}`).join(', ')})` : '';
  if (check.same)
    return (
      <p role="status" className="text-ok" data-testid="repro-check">
        {check.text}
        {kinds}
      </p>
    );
  const fix = check.fix?.restores ? check.fix.standIns : undefined;
  const stops = (check.rules ?? []).map((rule) => stopRule(rule, traceId)).filter((s) => s !== undefined);
  return (
    <div role="status" className="space-y-1.5 rounded border border-warn/60 p-2" data-testid="repro-check">
      <p className="text-warn">{check.text}</p>
      <div className="flex flex-wrap gap-2">
        {fix && (
          <button type="button" className={button} onClick={() => useRedactionStore.getState().addStandIns(traceId, fix)}>
            Use stand-ins that keep the format ({Object.values(fix).join(', ')})
          </button>
        )}
        {stops.map((s) => (
          <button key={s.label} type="button" className={button} onClick={s.run}>
            {s.label}
          </button>
        ))}
      </div>
    </div>
  );
}
