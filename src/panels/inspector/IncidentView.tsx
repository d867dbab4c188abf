// The incident's title and summary: what the post-mortem and shared links
// carry. Saved as they are typed, per trace.
import { markedSteps } from '../../core/notes/notes';
import { walkStart } from '../../core/walkthrough/walk';
import type { TraceModel } from '../../core/trace/model';
import { useNotesStore } from '../../stores/notesStore';
import { useViewStore } from '../../stores/viewStore';
import { useWalkthroughStore } from '../../stores/walkthroughStore';
import { useState } from 'react';
import { Markdown } from '../../components/markdown/Markdown';
import { PostmortemFields } from './PostmortemFields';
import { CompareWithButton } from '../compare/CompareWith';

export function IncidentView({ model }: { model: TraceModel }) {
  const notes = useNotesStore((s) => s.notes);
  const { setTitle, setSummary } = useNotesStore.getState();
  const select = useViewStore((s) => s.select);
  const marked = markedSteps(notes).filter((m) => m.index < model.steps.length);
  return (
    <div className="space-y-3 text-[12px]">
      <ExportButtons model={model} />
      <label className="block">
        <span className="text-[11px] font-semibold uppercase tracking-wide text-muted">Title</span>
        <input
          aria-label="Incident title"
          value={notes.title ?? ''}
          placeholder={`${model.flowName ?? 'flow'}: what happened`}
          onChange={(e) => setTitle(e.target.value)}
          className="mt-1 w-full rounded border border-line bg-bg px-1.5 py-1 text-fg placeholder:text-muted"
        />
      </label>
      <Summary text={notes.summary ?? ''} onChange={setSummary} />
      <PostmortemFields />
      <div>
        <div className="flex items-baseline justify-between">
          <h3 className="text-[11px] font-semibold uppercase tracking-wide text-muted">Noted and starred steps</h3>
          <button type="button" aria-keyshortcuts="w" title="Present the steps one at a time, in large type, with an audience window (w)" className="rounded border border-line px-1.5 text-[11px] hover:bg-raised" onClick={() => useWalkthroughStore.getState().openAt(walkStart(model.steps.length, useNotesStore.getState().notes))}>
            Walkthrough
          </button>
        </div>
        {marked.length === 0 ? (
          <p className="mt-1 text-muted">None yet: write a note on a step, or star it (☆ beside its note).</p>
        ) : (
          <ul className="mt-1 space-y-1" aria-label="Noted and starred steps">
            {marked.map((m) => (
              <li key={m.index}>
                <button type="button" className="w-full rounded px-1 py-0.5 text-left hover:bg-raised" onClick={() => select(m.index)}>
                  <span className="font-mono">
                    {m.starred ? '★ ' : ''}
                    {m.index + 1}. {model.steps.at(m.index)!.command}
                  </span>
                  {notes.steps?.[m.index]?.text && <span className="block truncate text-muted">{notes.steps[m.index]!.text}</span>}
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}

/** The summary, in Markdown: written in a textarea, read rendered (and sanitized) with Preview. */
function Summary({ text, onChange }: { text: string; onChange: (text: string) => void }) {
  const [preview, setPreview] = useState(false);
  return (
    <div>
      <div className="flex items-baseline justify-between">
        <span id="incident-summary-label" className="text-[11px] font-semibold uppercase tracking-wide text-muted">
          Summary <span className="normal-case tracking-normal">(Markdown)</span>
        </span>
        <button type="button" aria-pressed={preview} className="rounded px-1.5 text-[11px] text-muted hover:bg-raised hover:text-fg" onClick={() => setPreview(!preview)}>
          Preview
        </button>
      </div>
      {preview ? (
        <div className="mt-1 min-h-[5.5em] rounded border border-line bg-bg px-1.5 py-1">
          {text.trim() ? <Markdown text={text} label="Incident summary, rendered" /> : <p className="text-muted">Nothing written yet.</p>}
        </div>
      ) : (
        <textarea
          aria-label="Incident summary"
          rows={5}
          value={text}
          placeholder="What failed, why, and what fixes it (saved as you type; Markdown)"
          onChange={(e) => onChange(e.target.value)}
          className="mt-1 w-full resize-y rounded border border-line bg-bg px-1.5 py-1 text-fg placeholder:text-muted"
        />
      )}
    </div>
  );
}

/** The post-mortem's two exports; the dialogs live in the app shell and open through the view store. */
function ExportButtons({ model }: { model: TraceModel }) {
  const openDialog = useViewStore((s) => s.openDialog);
  const button = 'rounded border border-line px-2 py-1 hover:bg-raised';
  return (
    <div className="flex flex-wrap gap-2">
      <CompareWithButton model={model} className={button} />
      <button type="button" className={button} onClick={() => openDialog('postmortem')}>
        Export post-mortem…
      </button>
      <button type="button" className={button} onClick={() => openDialog('regression-test')}>
        Export regression test…
      </button>
      <button type="button" className={button} onClick={() => openDialog('minimize')}>
        Minimize…
      </button>
    </div>
  );
}
