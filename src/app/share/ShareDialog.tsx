// "Share incident": a link that carries everything in its #fragment (never
// sent to a server), or a capsule (.zip) when the link is too long for where
// it is going. Redaction is on by default; its rules are edited here and its
// effect is shown, in exactly what will leave, before anything is copied or
// downloaded.
import { useEffect, useState } from 'react';
import type { TraceModel } from '../../core/trace/model';
import { traceIdentity } from '../../core/trace/identity';
import { LINK_LIMITS, linkSize } from '../../core/share/link';
import { buildCapsule } from '../../core/share/capsule';
import { useViewStore } from '../../stores/viewStore';
import { useNotesStore } from '../../stores/notesStore';
import { useReplayStore } from '../../stores/replayStore';
import { useRedactionStore } from '../../stores/redactionStore';
import { useSettingsStore } from '../../stores/settingsStore';
import { useCompareStore } from '../../stores/compareStore';
import { useLogpointStore } from '../../stores/logpointStore';
import { Modal } from '../dialogs/Modal';
import { buildShared, linkFor, type Shared } from '../../share/buildShared';
import { RedactionRules } from './RedactionRules';
import { SharePreview } from './SharePreview';
import { RedactionSummary } from './RedactionSummary';
import { download } from './download';
import { EncryptedCapsuleSection } from './EncryptedCapsuleSection';
import { AppAddressLine } from './AppAddressLine';
import { ReproCheckLine } from './ReproCheckLine';

type Built = { state: 'building' } | { state: 'ready'; shared: Shared; link: string } | { state: 'failed'; message: string };

/** What including logpoints sends, and how far redaction reaches into pinned values. */
function LogpointsNote({ redact, pins }: { redact: boolean; pins: number }) {
  const values = pins === 1 ? 'the pinned value' : `the ${pins} pinned values`;
  return (
    <p className="text-muted" data-testid="logpoints-note">
      Logpoints go as file:line=expression{pins > 0 ? `, with ${values} as text` : ''}; their expressions run only when the receiver presses Replay.
      {pins > 0 &&
        (redact
          ? ' Pinned values are redacted as text (what the rules replace in the trace, and the detectors); a value worked out from personal data can still show: check them in the preview.'
          : ' Pinned values are not redacted.')}
    </p>
  );
}

function SizeLine({ size, limit }: { size: number; limit: number }) {
  const broken = LINK_LIMITS.filter((l) => size > l.chars).map((l) => l.name);
  return (
    <p className="text-muted" data-testid="link-size">
      {size.toLocaleString('en-US')} characters.{' '}
      {broken.length ? `Too long for ${broken.join(', ')}.` : `Fits ${LINK_LIMITS.map((l) => `${l.name} (${l.chars.toLocaleString('en-US')})`).join(', ')}.`}{' '}
      Your limit: {limit.toLocaleString('en-US')} (Settings).
    </p>
  );
}

/** Rebuilds the payload whenever anything that goes into it changes. */
function useShared(model: TraceModel, includeSource: boolean, redact: boolean, includeLogpoints: boolean): Built {
  const [built, setBuilt] = useState<Built>({ state: 'building' });
  const selected = useViewStore((s) => s.selected);
  const notes = useNotesStore((s) => s.notes);
  const edits = useReplayStore((s) => s.edits);
  const keys = useRedactionStore((s) => s.keys);
  const detectors = useRedactionStore((s) => s.detectors);
  const paths = useRedactionStore((s) => s.paths);
  const standIns = useRedactionStore((s) => s.standIns);
  const comparison = useCompareStore((s) => s.comparison);
  const appUrl = useSettingsStore((s) => s.appUrl);
  const points = useLogpointStore((s) => s.points);
  const pinned = useLogpointStore((s) => s.pinned);
  useEffect(() => {
    let live = true;
    buildShared(model, { includeSource, redact, includeLogpoints }).then(
      (shared) => live && setBuilt({ state: 'ready', shared, link: linkFor(shared.payload) }),
      (error: unknown) => live && setBuilt({ state: 'failed', message: error instanceof Error ? error.message : String(error) })
    );
    return () => {
      live = false;
    };
  }, [model, includeSource, redact, includeLogpoints, selected, notes, edits, keys, detectors, paths, standIns, comparison, appUrl, points, pinned]);
  return built;
}

function ShareBody({ model }: { model: TraceModel }) {
  const [includeSource, setIncludeSource] = useState(true);
  const [redact, setRedact] = useState(true);
  // Off unless chosen: logpoints are the sender's questions, and pinned values may say more than the trace.
  const [includeLogpoints, setIncludeLogpoints] = useState(false);
  const [copied, setCopied] = useState(false);
  const logpoints = useLogpointStore((s) => (s.traceId === traceIdentity(model) ? s.points.length : 0));
  const pins = useLogpointStore((s) => (s.traceId === traceIdentity(model) ? s.pinned.length : 0));
  const limit = useSettingsStore((s) => s.linkLimit);
  const selected = useViewStore((s) => s.selected);
  const built = useShared(model, includeSource, redact, includeLogpoints && logpoints + pins > 0);
  const comparing = useCompareStore((s) => s.comparison !== undefined);

  const link = built.state === 'ready' ? built.link : '';
  const size = built.state === 'ready' ? linkSize(link.slice(link.indexOf('#')), link) : 0;
  const tooLong = size > limit;
  const capsuleName = `incident-${model.flowName ?? 'trace'}.zip`;
  const primary = 'rounded bg-accent px-3 py-1.5 font-medium text-white disabled:opacity-50 dark:text-bg';
  const secondary = 'rounded border border-line px-3 py-1.5 hover:bg-raised disabled:opacity-50';
  return (
    <div className="grid gap-4 text-[12px] lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
      <div className="min-w-0 space-y-3">
        <div className="flex flex-wrap gap-4">
          <label className="flex items-center gap-1.5">
            <input type="checkbox" checked={includeSource} onChange={(e) => setIncludeSource(e.target.checked)} /> Include flow source
          </label>
          <label className="flex items-center gap-1.5">
            <input type="checkbox" checked={redact} onChange={(e) => setRedact(e.target.checked)} /> Redact personal data
          </label>
          {logpoints + pins > 0 && (
            <label className="flex items-center gap-1.5">
              <input type="checkbox" checked={includeLogpoints} onChange={(e) => setIncludeLogpoints(e.target.checked)} /> Include logpoints ({logpoints})
            </label>
          )}
        </div>
        {includeLogpoints && logpoints + pins > 0 && <LogpointsNote redact={redact} pins={pins} />}
        <RedactionSummary redact={redact} report={built.state === 'ready' ? built.shared.report : undefined} />
        {redact && !comparing && <ReproCheckLine model={model} />}
        <label className="block">
          <span className="text-muted">
            {comparing
              ? 'Link (opens the comparison of both runs, each redacted the same way; nothing is uploaded, everything is in the part after #)'
              : `Link (opens this incident at step ${selected + 1}; nothing is uploaded, everything is in the part after #)`}
          </span>
          <textarea readOnly aria-label="Link" rows={3} value={link} className="mt-1 w-full resize-none break-all rounded border border-line bg-bg p-1.5 font-mono text-[11px]" />
        </label>
        {built.state === 'failed' && (
          <p role="alert" className="text-err">
            Could not build the link: {built.message}
          </p>
        )}
        <AppAddressLine />
        {built.state === 'ready' && <SizeLine size={size} limit={limit} />}
        {tooLong && (
          <p role="status" className="text-warn" data-testid="capsule-offer">
            This link is {size.toLocaleString('en-US')} characters, longer than your {limit.toLocaleString('en-US')}-character limit: download the capsule and share the
            file instead. It holds the same incident, redacted the same way, and opens by drop or with <code>timescope replay {capsuleName}</code>.
          </p>
        )}
        <div className="flex justify-end gap-2">
          <button
            type="button"
            disabled={built.state !== 'ready'}
            className={tooLong ? primary : secondary}
            onClick={() => built.state === 'ready' && download(buildCapsule(built.shared.payload), capsuleName, 'application/zip')}
          >
            Download capsule
          </button>
          <button
            type="button"
            disabled={built.state !== 'ready'}
            className={tooLong ? secondary : primary}
            onClick={async () => {
              await navigator.clipboard?.writeText(link).catch(() => undefined);
              setCopied(true);
              window.setTimeout(() => setCopied(false), 1500);
            }}
          >
            {copied ? 'Copied ✓' : 'Copy link'}
          </button>
        </div>
        {built.state === 'ready' && <EncryptedCapsuleSection payload={built.shared.payload} fileBase={`incident-${model.flowName ?? 'trace'}`} />}
      </div>
      <div className="min-w-0 space-y-3">
        {built.state === 'ready' && <SharePreview payload={built.shared.payload} report={built.shared.report} />}
        {redact && <RedactionRules traceId={traceIdentity(model)} />}
      </div>
    </div>
  );
}

export function ShareDialog({ model }: { model: TraceModel }) {
  return (
    <Modal id="share" title="Share incident" wide>
      <ShareBody model={model} />
    </Modal>
  );
}
