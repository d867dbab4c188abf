// "Export post-mortem": the incident as a Markdown document (core/export/
// postmortem.ts) that reads well on GitHub. The trace fills what it can; the
// person's title, summary, impact and action items come from the Incident
// tab. Copy it, or download postmortem-<flowName>-<date>.md.
import { useEffect, useState } from 'react';
import type { TraceModel } from '../../core/trace/model';
import { buildPostmortem, postmortemFileName } from '../../core/export/postmortem';
import { useNotesStore } from '../../stores/notesStore';
import { useReplayStore } from '../../stores/replayStore';
import { Markdown } from '../../components/markdown/Markdown';
import { Modal } from '../dialogs/Modal';
import { download } from '../share/download';
import { postmortemInput } from './postmortemInput';
import { ReproCheckLine } from '../share/ReproCheckLine';

type Built = { state: 'building' } | { state: 'ready'; text: string; fileName: string } | { state: 'failed'; message: string };

function PostmortemBody({ model }: { model: TraceModel }) {
  const notes = useNotesStore((s) => s.notes);
  const run = useReplayStore((s) => s.run);
  const [built, setBuilt] = useState<Built>({ state: 'building' });
  const [preview, setPreview] = useState(false);
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    let live = true;
    const now = new Date();
    postmortemInput(model, now).then(
      (input) => live && setBuilt({ state: 'ready', text: buildPostmortem(input), fileName: postmortemFileName(model.flowName, now) }),
      (error: unknown) => live && setBuilt({ state: 'failed', message: error instanceof Error ? error.message : String(error) })
    );
    return () => {
      live = false;
    };
  }, [model, notes, run]);

  const text = built.state === 'ready' ? built.text : '';
  const button = 'rounded border border-line px-3 py-1.5 hover:bg-raised disabled:opacity-50';
  return (
    <div className="space-y-3 text-[12px]">
      <p className="text-muted">
        Built from the trace, your last replay and the Incident tab (title, summary, impact, action items, step notes; when any step is starred, the timeline keeps the
        starred and noted ones). It links the incident once, redacted like a shared link; each step link opens its step once that incident is open.
      </p>
      {/* The linked incident is redacted as a shared one is: checked the same way before it goes in a report. */}
      <ReproCheckLine model={model} />
      <div className="flex items-center justify-between">
        <span className="font-medium">{built.state === 'ready' ? built.fileName : 'Building…'}</span>
        <button type="button" aria-pressed={preview} className="rounded px-2 py-0.5 text-muted hover:bg-raised hover:text-fg" onClick={() => setPreview(!preview)}>
          Preview
        </button>
      </div>
      {built.state === 'failed' && (
        <p role="alert" className="text-err">
          Could not build the post-mortem: {built.message}
        </p>
      )}
      {preview ? (
        <div className="max-h-[60vh] overflow-auto rounded border border-line bg-bg p-3">
          <Markdown text={text} label="Post-mortem, rendered" document />
        </div>
      ) : (
        <textarea readOnly wrap="off" aria-label="Post-mortem (Markdown)" rows={18} value={text} className="w-full resize-y rounded border border-line bg-bg p-1.5 font-mono text-[11px]" />
      )}
      <div className="flex justify-end gap-2">
        <button type="button" className={button} disabled={built.state !== 'ready'} onClick={() => built.state === 'ready' && download(built.text, built.fileName, 'text/markdown')}>
          Download .md
        </button>
        <button
          type="button"
          disabled={built.state !== 'ready'}
          className="rounded bg-accent px-3 py-1.5 font-medium text-white disabled:opacity-50 dark:text-bg"
          onClick={async () => {
            await navigator.clipboard?.writeText(text).catch(() => undefined);
            setCopied(true);
            window.setTimeout(() => setCopied(false), 1500);
          }}
        >
          {copied ? 'Copied ✓' : 'Copy Markdown'}
        </button>
      </div>
    </div>
  );
}

export function PostmortemDialog({ model }: { model: TraceModel }) {
  return (
    <Modal id="postmortem" title="Export post-mortem" wide>
      <PostmortemBody model={model} />
    </Modal>
  );
}
