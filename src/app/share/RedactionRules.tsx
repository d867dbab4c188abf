// The rules redaction applies, edited where they take effect: key names and
// detectors are a setting kept for every incident, fields are this incident's
// own (added from the inspector with "Redact this field everywhere").
import { useState } from 'react';
import { parsePointer, type DetectorId } from '../../core/redact';
import { pathsFor, useRedactionStore } from '../../stores/redactionStore';

/** In the order people think of them (the issue's), not the order they run in. */
const DETECTOR_NAMES: Readonly<Record<DetectorId, string>> = {
  email: 'Email addresses',
  card: 'Card numbers (Luhn)',
  iban: 'IBANs (mod-97)',
  jwt: 'JWTs',
  bearer: 'Bearer tokens',
  'stripe-key': 'Stripe sk_/rk_ keys',
  'aws-key': 'AWS access key ids',
  'github-token': 'GitHub tokens',
  'slack-token': 'Slack xox… tokens',
  'private-key': 'PEM private keys'
};

const chip = 'inline-flex items-center gap-1 rounded border border-line bg-bg px-1.5 py-0.5 font-mono text-[11px]';

function KeyNames() {
  const keys = useRedactionStore((s) => s.keys);
  const addKey = useRedactionStore((s) => s.addKey);
  const removeKey = useRedactionStore((s) => s.removeKey);
  const [draft, setDraft] = useState('');
  const add = () => {
    addKey(draft);
    setDraft('');
  };
  return (
    <fieldset>
      <legend className="font-medium">Key names</legend>
      <p className="text-muted">A value under a key whose name contains one of these is replaced, whatever it holds.</p>
      <ul aria-label="Redacted key names" className="mt-1 flex flex-wrap gap-1">
        {keys.map((k) => (
          <li key={k.name} className={chip}>
            {k.name}
            <button type="button" aria-label={`Stop redacting the key ${k.name}`} className="rounded px-0.5 text-muted hover:text-err" onClick={() => removeKey(k.name)}>
              ×
            </button>
          </li>
        ))}
      </ul>
      <div className="mt-1.5 flex gap-1.5">
        <input
          aria-label="Add a key name"
          placeholder="e.g. customerId"
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              add();
            }
          }}
          className="min-w-0 flex-1 rounded border border-line bg-bg px-1.5 py-0.5 font-mono text-[11px]"
        />
        <button type="button" disabled={!draft.trim()} className="rounded border border-line px-2 py-0.5 hover:bg-raised disabled:opacity-50" onClick={add}>
          Add key
        </button>
      </div>
    </fieldset>
  );
}

function Detectors() {
  const on = useRedactionStore((s) => s.detectors);
  const setDetector = useRedactionStore((s) => s.setDetector);
  return (
    <fieldset>
      <legend className="font-medium">Detectors</legend>
      <p className="text-muted">Found inside any text, under any key.</p>
      <div className="mt-1 grid grid-cols-2 gap-x-3 gap-y-0.5">
        {(Object.keys(DETECTOR_NAMES) as DetectorId[]).map((id) => (
          <label key={id} className="flex items-center gap-1.5">
            <input type="checkbox" checked={on.includes(id)} onChange={(e) => setDetector(id, e.target.checked)} />
            {DETECTOR_NAMES[id]}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function AddField({ traceId }: { traceId: string }) {
  const addPath = useRedactionStore((s) => s.addPath);
  const [draft, setDraft] = useState('');
  const trimmed = draft.trim();
  const problem = trimmed && !parsePointer(trimmed) ? 'A field path starts with /, e.g. /trace/*/result/customer/email' : undefined;
  const add = () => {
    if (!trimmed || problem) return;
    addPath(traceId, { pointer: trimmed });
    setDraft('');
  };
  return (
    <div className="mt-1.5">
      <div className="flex gap-1.5">
        <input
          aria-label="Add a field path"
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? 'add-field-problem' : undefined}
          placeholder="/trace/*/result/customer/email"
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              add();
            }
          }}
          className="min-w-0 flex-1 rounded border border-line bg-bg px-1.5 py-0.5 font-mono text-[11px]"
        />
        <button type="button" disabled={!trimmed || !!problem} className="rounded border border-line px-2 py-0.5 hover:bg-raised disabled:opacity-50" onClick={add}>
          Add field
        </button>
      </div>
      {problem && (
        <p id="add-field-problem" className="text-err">
          {problem}
        </p>
      )}
    </div>
  );
}

function Fields({ traceId }: { traceId: string }) {
  const paths = useRedactionStore((s) => pathsFor(s, traceId));
  const removePath = useRedactionStore((s) => s.removePath);
  return (
    <fieldset>
      <legend className="font-medium">Fields of this incident</legend>
      {paths.length === 0 ? (
        <p className="text-muted">
          None yet. “Redact a field everywhere” in the details pane adds one; so does a path here (<code>*</code> is any key or index).
        </p>
      ) : (
        <ul aria-label="Redacted fields" className="mt-1 flex flex-wrap gap-1">
          {paths.map((p) => (
            <li key={p.pointer} className={chip}>
              {p.pointer}
              <button type="button" aria-label={`Stop redacting ${p.pointer}`} className="rounded px-0.5 text-muted hover:text-err" onClick={() => removePath(traceId, p.pointer)}>
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <AddField traceId={traceId} />
    </fieldset>
  );
}

export function RedactionRules({ traceId }: { traceId: string }) {
  const reset = useRedactionStore((s) => s.resetKeysAndDetectors);
  return (
    <details className="rounded border border-line p-2">
      <summary className="cursor-pointer font-medium">Redaction rules</summary>
      <div className="mt-2 space-y-3">
        <KeyNames />
        <Detectors />
        <Fields traceId={traceId} />
        <button type="button" className="rounded border border-line px-2 py-0.5 hover:bg-raised" onClick={reset}>
          Reset key names and detectors to the defaults
        </button>
      </div>
    </details>
  );
}
