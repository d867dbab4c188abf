// The app's small dialogs: shortcuts, paste, open by URL and settings (each in Modal.tsx's frame).
import { useState } from 'react';
import { useViewStore } from '../../stores/viewStore';
import { useTraceStore } from '../../stores/traceStore';
import { openPastedText } from '../open/loading';
import { Modal } from './Modal';
import { LOGPOINT_KEYS } from '../../editor/logpointKeys';
import { SettingsDialog } from './SettingsDialog';

const SHORTCUTS: [string, string][] = [
  ['↓ / j', 'Next step'],
  ['↑ / k', 'Previous step'],
  ['Home / End', 'First / last step'],
  ['← / →', 'Fold the Retry or Parallel around the step / unfold it again'],
  ['e / Shift+E', 'Next / previous error'],
  ['Space', 'Play / pause'],
  ['/', 'Filter the steps: name, path, "value text", cmd:, path:, is:threw / unreached / diverged / noted / starred'],
  ['Enter / Shift+Enter (filter)', 'Next / previous match; Esc clears it'],
  ['Ctrl+Enter / ⌘+Enter', 'Replay the flow against the recording (also in the editor)'],
  ['n', 'Show / hide the narration'],
  ['l', 'Show / hide the Logs panel: every value your logpoints showed, in time order'],
  [`${LOGPOINT_KEYS} (editor)`, 'Add a logpoint on the cursor’s line (type what to show, Enter keeps it, Esc cancels), or remove it; a click in the gutter does the same'],
  ['v', 'Steps as a list / as a waterfall (time across, Parallel branches as rows)'],
  ['← / → (waterfall)', 'Previous / next step in time; Shift+←/→ pans, Shift+↑/↓ scrolls the rows'],
  ['+ / − / 0 (waterfall)', 'Zoom in / out / fit the whole run; also Ctrl or ⌘ + wheel; wheel or drag pans; click selects'],
  ['w', 'Walkthrough: the steps one at a time, in large type (also #walk=<step>)'],
  ['→ / Space, ← (walkthrough)', 'Next / previous slide; s: all steps or starred only; Esc: leave'],
  ['?', 'This list'],
  ['Esc', 'Close a dialog, or the narration'],
  ['Esc, then Tab', 'Leave the editor (Tab alone indents)'],
  ['Ctrl+V', 'Paste a trace or flow source anywhere']
];

function Shortcuts() {
  return (
    <Modal id="shortcuts" title="Keyboard shortcuts">
      <table className="w-full text-[13px]">
        <tbody>
          {SHORTCUTS.map(([keys, action]) => (
            <tr key={keys} className="border-t border-line">
              <td className="py-1 pr-4 font-mono">{keys}</td>
              <td className="py-1">{action}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="mt-2 text-[12px] text-muted">When the editor has focus, letter keys type into it.</p>
    </Modal>
  );
}

function Paste() {
  const [text, setText] = useState('');
  const submit = async () => {
    const kind = await openPastedText(text);
    if (kind !== 'empty') {
      setText('');
      useViewStore.getState().openDialog('none');
    }
  };
  return (
    <Modal id="paste" title="Paste a trace or flow source">
      <label htmlFor="paste-text" className="text-[12px] text-muted">
        JSON (a trace, an array of entries, or JSONL) opens as a trace; anything else is added as flow source.
      </label>
      <textarea
        id="paste-text"
        autoFocus
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) void submit();
        }}
        spellCheck={false}
        className="mt-1 h-64 w-full rounded border border-line bg-bg p-2 font-mono text-[12px]"
      />
      <div className="mt-2 flex justify-end gap-2">
        <button type="button" className="rounded bg-accent px-3 py-1.5 font-medium text-white disabled:opacity-50 dark:text-bg" disabled={!text.trim()} onClick={() => void submit()}>
          Open pasted text
        </button>
      </div>
    </Modal>
  );
}

function OpenUrl() {
  const [url, setUrl] = useState('');
  const submit = () => {
    if (!url.trim()) return;
    const page = new URL(window.location.href);
    page.searchParams.set('trace', url.trim());
    page.hash = '';
    window.history.pushState(null, '', page);
    useTraceStore.getState().openUrl(url.trim());
    useViewStore.getState().openDialog('none');
  };
  return (
    <Modal id="url" title="Open a trace by URL">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <label htmlFor="trace-url" className="text-[12px] text-muted">
          The server must allow this page to read it (CORS). The link to this view will carry the URL as ?trace=.
        </label>
        <input id="trace-url" autoFocus type="url" value={url} onChange={(e) => setUrl(e.target.value)} placeholder="https://…/trace.json" className="mt-1 w-full rounded border border-line bg-bg p-2 font-mono text-[12px]" />
        <div className="mt-2 flex justify-end">
          <button type="submit" className="rounded bg-accent px-3 py-1.5 font-medium text-white dark:text-bg">
            Open
          </button>
        </div>
      </form>
    </Modal>
  );
}

export function Dialogs() {
  return (
    <>
      <Shortcuts />
      <Paste />
      <OpenUrl />
      <SettingsDialog />
    </>
  );
}
