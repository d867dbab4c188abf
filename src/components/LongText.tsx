// A string too long for the value tree: cut there, and here offered whole on
// request. "show all" appends the text to a scrolling pre one 32 kB slice at a
// time as you scroll near its end, so even 10 MB never lands in the DOM in one
// task (laying out 10 MB of text at once stalls the page for seconds).
import { useEffect, useMemo, useRef, useState } from 'react';
import type { LongString } from '../core/present/shown';
import { CUT_TO_CHARS, utf8Bytes } from '../core/present/shown';
import { formatSize } from '../core/trace/size';
import { CopyButton } from './CopyButton';

const SLICE = 32 * 1024;

function Whole({ text, label }: { text: string; label: string }) {
  const [shown, setShown] = useState(Math.min(SLICE, text.length));
  const end = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    const sentinel = end.current;
    if (!sentinel || shown >= text.length) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) setShown((n) => Math.min(n + SLICE, text.length));
    });
    observer.observe(sentinel);
    return () => observer.disconnect();
  }, [shown, text.length]);
  return (
    <pre aria-label={label} tabIndex={0} className="mt-1 max-h-[50vh] overflow-auto whitespace-pre-wrap break-all rounded border border-line bg-raised/60 p-2 font-mono text-[11px]">
      {text.slice(0, shown)}
      {shown < text.length && (
        <span ref={end} className="text-muted">
          {' '}… {(text.length - shown).toLocaleString('en-US')} more characters, shown as you scroll
        </span>
      )}
    </pre>
  );
}

export function LongTextNote({ item, label }: { item: LongString; label: string }) {
  const [open, setOpen] = useState(false);
  // Counting 10 MB takes some 20 ms: once per string, not once per render.
  const size = useMemo(() => formatSize(utf8Bytes(item.text)), [item.text]);
  const name = item.where ? item.where : label;
  return (
    <div className="mt-1 rounded border border-line bg-raised/40 px-2 py-1 text-[12px]" role="group" aria-label={`long string ${name}`}>
      <p className="flex flex-wrap items-center gap-2">
        <span className="min-w-0 break-words">
          <span className="font-mono font-semibold">{name}</span> is a {size} string ({item.text.length.toLocaleString('en-US')} characters); the first{' '}
          {CUT_TO_CHARS.toLocaleString('en-US')} are shown.
        </span>
        <button type="button" className="rounded border border-line px-2 py-0.5 hover:bg-raised" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
          {open ? 'hide' : `show all (${size})`}
        </button>
        <CopyButton text={() => item.text} label={`Copy ${size}`} />
      </p>
      {open && <Whole text={item.text} label={`all of ${name}`} />}
    </div>
  );
}
