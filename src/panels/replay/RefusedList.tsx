// Under the verdict: what the sandbox refused the flow's code though the
// replay went on (the flow caught the SandboxError, or left it in a promise
// nobody awaited). A verdict of Reproduced means little if the code tried to
// reach the network on the way, so each attempt is named, with its line.
import type { Refusal } from '../../core/source/runFlow';

const SHOWN = 3;

export function RefusedList({ refused }: { refused: readonly Refusal[] | undefined }) {
  if (!refused?.length) return null;
  const more = refused.length - SHOWN;
  return (
    <ul aria-label="Refused by the sandbox" className="mt-0.5 text-[11px] text-warn">
      {refused.slice(0, SHOWN).map((r, i) => (
        <li key={i} className="truncate" title={r.message}>
          The sandbox refused: {r.message}
          {r.location && <span className="font-mono text-muted"> at {`${r.location.file}:${r.location.line}:${r.location.column}`}</span>}
          {r.times > 1 && <span className="text-muted"> ({r.times} times)</span>}
        </li>
      ))}
      {more > 0 && <li className="text-muted">and {more} more</li>}
    </ul>
  );
}
