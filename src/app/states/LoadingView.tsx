import { useEffect, useState } from 'react';
import type { ParseProgress } from '../../worker/engineClient';

/** Shows nothing for the first 200 ms, so fast loads never flash a progress bar. */
export function LoadingView({ label, progress }: { label: string; progress: ParseProgress | undefined }) {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const timer = window.setTimeout(() => setVisible(true), 200);
    return () => window.clearTimeout(timer);
  }, []);
  if (!visible) return <div className="h-full" aria-busy="true" />;
  const reading = progress?.phase === 'reading' && progress.total > 0;
  const pct = reading ? Math.round((progress.loaded / progress.total) * 100) : undefined;
  return (
    <div className="flex h-full items-center justify-center" aria-busy="true">
      <div className="w-80 text-center">
        <p className="truncate">{progress?.phase === 'parsing' ? 'Parsing and indexing…' : `${label}…`}</p>
        <progress className="mt-2 h-2 w-full accent-[var(--ts-accent)]" aria-label="Loading the trace" max={100} value={pct} />
        {progress && (
          <p className="mt-1 font-mono text-[11px] text-muted">
            {(progress.loaded / 1e6).toFixed(1)} / {(progress.total / 1e6).toFixed(1)} MB
          </p>
        )}
      </div>
    </div>
  );
}
