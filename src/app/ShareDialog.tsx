// "Share incident": a link that carries everything in its #fragment (never
// sent to a server), or a capsule (.zip) when the link is too long for where
// it is going. Redaction is on by default and its effect is shown before
// anything is copied or downloaded.
import { useEffect, useState } from 'react';
import type { TraceModel } from '../core/trace/model';
import { DEFAULT_LINK_LIMIT_BYTES, encodeLink, LINK_LIMITS, linkSize } from '../core/share/link';
import { buildCapsule } from '../core/share/capsule';
import { useViewStore } from '../stores/viewStore';
import { useNotesStore } from '../stores/notesStore';
import { useReplayStore } from '../stores/replayStore';
import { Modal } from './Dialogs';
import { buildShared, type Shared } from './share';

type Built = { state: 'building' } | { state: 'ready'; shared: Shared; link: string } | { state: 'failed'; message: string };

function download(bytes: Uint8Array, name: string) {
  const url = URL.createObjectURL(new Blob([bytes as BlobPart], { type: 'application/zip' }));
  const a = Object.assign(document.createElement('a'), { href: url, download: name });
  a.click();
  window.setTimeout(() => URL.revokeObjectURL(url), 1000);
}

function SizeLine({ size }: { size: number }) {
  const broken = LINK_LIMITS.filter((l) => size > l.chars).map((l) => l.name);
  return (
    <p className="text-[12px] text-muted" data-testid="link-size">
      {size.toLocaleString('en-US')} characters.{' '}
      {broken.length ? `Too long for ${broken.join(', ')}.` : `Fits ${LINK_LIMITS.map((l) => `${l.name} (${l.chars.toLocaleString('en-US')})`).join(', ')}.`}
    </p>
  );
}

function ShareBody({ model }: { model: TraceModel }) {
  const [includeSource, setIncludeSource] = useState(true);
  const [redact, setRedact] = useState(true);
  const [built, setBuilt] = useState<Built>({ state: 'building' });
  const [copied, setCopied] = useState(false);
  const selected = useViewStore((s) => s.selected);
  const notes = useNotesStore((s) => s.notes);
  const edits = useReplayStore((s) => s.edits);
  useEffect(() => {
    let live = true;
    buildShared(model, { includeSource, redact }).then(
      (shared) => live && setBuilt({ state: 'ready', shared, link: `${window.location.origin}${window.location.pathname}${encodeLink(shared.payload)}` }),
      (error: unknown) => live && setBuilt({ state: 'failed', message: error instanceof Error ? error.message : String(error) })
    );
    return () => {
      live = false;
    };
  }, [model, includeSource, redact, selected, notes, edits]);

  const link = built.state === 'ready' ? built.link : '';
  const tooLong = link.length > DEFAULT_LINK_LIMIT_BYTES;
  const report = built.state === 'ready' ? built.shared.report : undefined;
  return (
    <div className="space-y-3 text-[12px]">
      <div className="flex flex-wrap gap-4">
        <label className="flex items-center gap-1.5">
          <input type="checkbox" checked={includeSource} onChange={(e) => setIncludeSource(e.target.checked)} /> Include flow source
        </label>
        <label className="flex items-center gap-1.5">
          <input type="checkbox" checked={redact} onChange={(e) => setRedact(e.target.checked)} /> Redact personal data
        </label>
      </div>
      <p className={redact ? 'text-ok' : 'text-warn'} data-testid="redaction-summary">
        {!redact
          ? 'Not redacted: every value in the trace leaves as it is.'
          : report
            ? report.replacements
              ? `Redacted ${report.replacements} value${report.replacements === 1 ? '' : 's'} (${report.fired.map((f) => `${f.rule} ×${f.count}`).join(', ')}); each becomes a stable token such as <email:3f2a1c>, so equal values stay equal.`
              : 'Redaction found no personal data to replace.'
            : 'Redacting…'}
      </p>
      <label className="block">
        <span className="text-muted">Link (opens this incident at step {selected + 1}; nothing is uploaded, everything is in the part after #)</span>
        <textarea readOnly aria-label="Link" rows={3} value={built.state === 'failed' ? '' : link} className="mt-1 w-full resize-none break-all rounded border border-line bg-bg p-1.5 font-mono text-[11px]" />
      </label>
      {built.state === 'failed' && <p className="text-err">Could not build the link: {built.message}</p>}
      {built.state === 'ready' && <SizeLine size={linkSize(built.link.slice(built.link.indexOf('#')), built.link)} />}
      {tooLong && <p className="text-warn">Longer than the {DEFAULT_LINK_LIMIT_BYTES.toLocaleString('en-US')}-character limit: share the capsule instead.</p>}
      <div className="flex justify-end gap-2">
        <button
          type="button"
          disabled={built.state !== 'ready'}
          className="rounded border border-line px-3 py-1.5 hover:bg-raised disabled:opacity-50"
          onClick={() => built.state === 'ready' && download(buildCapsule(built.shared.payload), `incident-${model.flowName ?? 'trace'}.zip`)}
        >
          Download capsule
        </button>
        <button
          type="button"
          disabled={built.state !== 'ready'}
          className="rounded bg-accent px-3 py-1.5 font-medium text-white disabled:opacity-50 dark:text-bg"
          onClick={async () => {
            await navigator.clipboard?.writeText(link).catch(() => undefined);
            setCopied(true);
            window.setTimeout(() => setCopied(false), 1500);
          }}
        >
          {copied ? 'Copied ✓' : 'Copy link'}
        </button>
      </div>
    </div>
  );
}

export function ShareDialog({ model }: { model: TraceModel }) {
  return (
    <Modal id="share" title="Share incident">
      <ShareBody model={model} />
    </Modal>
  );
}
