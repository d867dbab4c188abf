import { useState } from 'react';

async function writeClipboard(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // Clipboard API refused (no focus, no permission): fall back to a selected textarea.
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.append(area);
    area.select();
    const ok = document.execCommand('copy');
    area.remove();
    return ok;
  }
}

/**
 * `shortLabel`: shown instead of the label when the nearest @container is narrower than 440 px, so a
 * tab strip keeps one line; the accessible name stays the full label.
 */
export function CopyButton({ text, label, shortLabel, className = '' }: { text: () => string; label: string; shortLabel?: string; className?: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const idle = shortLabel ? (
    <>
      <span aria-hidden className="@[440px]:hidden">{shortLabel}</span>
      <span className="hidden @[440px]:inline">{label}</span>
    </>
  ) : (
    label
  );
  return (
    <button
      type="button"
      aria-label={shortLabel ? label : undefined}
      className={`shrink-0 whitespace-nowrap rounded border border-line px-2 py-0.5 text-[12px] hover:bg-raised ${className}`}
      onClick={async () => {
        setState((await writeClipboard(text())) ? 'copied' : 'failed');
        window.setTimeout(() => setState('idle'), 1500);
      }}
    >
      {state === 'copied' ? 'Copied ✓' : state === 'failed' ? 'Copy failed' : idle}
      <span className="sr-only" aria-live="polite">
        {state === 'copied' ? 'Copied to the clipboard' : ''}
      </span>
    </button>
  );
}
