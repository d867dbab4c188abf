// The header's way into the walkthrough: an icon, because the header has no
// room for another word (e2e/layout.spec.ts measures it), and from 1280 px
// only (the caller hides it below); the Incident tab has a button too, and
// `w` works everywhere. Its name and title say what it is.
import type { TraceModel } from '../../core/trace/model';
import { openWalkthrough } from './useOpenKey';

// A screen on a stand: inline, since font glyphs render as boxes on many Linux fonts (components/Icon.tsx).
const SCREEN = 'M3 4h18v12H13v2.2l3.4 2.1-1 1.7L12 20l-3.4 2-1-1.7 3.4-2.1V16H3zm2 2v8h14V6z';

export function WalkthroughButton({ className, model }: { className: string; model: TraceModel }) {
  return (
    <button type="button" className={className} onClick={() => openWalkthrough(model)} aria-label="Walkthrough" aria-keyshortcuts="w" title="Walkthrough (w): present the steps one at a time, with an audience window">
      <svg aria-hidden viewBox="0 0 24 24" width={14} height={14} className="inline-block fill-current align-[-2px]">
        <path d={SCREEN} />
      </svg>
    </button>
  );
}
