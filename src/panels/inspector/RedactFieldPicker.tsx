// "Redact a field everywhere": pick one field of the value on screen, and
// every shared link and capsule of this incident replaces that field in every
// step (a path rule, see core/redact/rules.ts). The list is of the value's
// leaves, so it works with the keyboard and needs no clicking inside the tree.
import { useMemo } from 'react';
import { listFields, pathRuleFor, type ValueLocation } from '../../core/redact';
import { pathsFor, useRedactionStore } from '../../stores/redactionStore';

export function RedactFieldPicker({ traceId, value, at }: { traceId: string; value: unknown; at: Omit<ValueLocation, 'keys'> }) {
  const { fields, more } = useMemo(() => listFields(value), [value]);
  const paths = useRedactionStore((s) => pathsFor(s, traceId));
  const addPath = useRedactionStore((s) => s.addPath);
  const removePath = useRedactionStore((s) => s.removePath);
  if (!fields.length) return null;
  const redacted = new Set(paths.map((p) => p.pointer));
  return (
    <details className="text-[12px]" data-testid="redact-field">
      <summary className="cursor-pointer text-muted hover:text-fg">Redact a field everywhere{paths.length ? ` (${paths.length} redacted when shared)` : ''}</summary>
      <p className="mt-1 text-muted">The field is replaced by a token in every step of every link and capsule you share of this incident. Your copy keeps it.</p>
      <ul aria-label="Fields to redact" className="mt-1 max-h-48 space-y-0.5 overflow-auto">
        {fields.map((f) => {
          const rule = pathRuleFor({ ...at, keys: f.keys });
          const on = redacted.has(rule.pointer);
          return (
            <li key={f.label} className="flex items-center gap-2 font-mono text-[11px]">
              <button
                type="button"
                aria-pressed={on}
                aria-label={`${on ? 'Stop redacting' : 'Redact'} ${f.label} everywhere`}
                className={`shrink-0 rounded border px-1.5 ${on ? 'border-accent bg-accent/15' : 'border-line hover:bg-raised'}`}
                onClick={() => (on ? removePath(traceId, rule.pointer) : addPath(traceId, rule))}
              >
                {on ? 'Redacted ✓' : 'Redact'}
              </button>
              <span className="truncate" title={rule.pointer}>
                {f.label} <span className="text-muted">{f.preview}</span>
              </span>
            </li>
          );
        })}
      </ul>
      {more && <p className="text-muted">Only the first fields are listed; a field deeper in this value can be added by its path in Share → Redaction rules.</p>}
    </details>
  );
}
