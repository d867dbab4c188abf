// One line on what redaction did to this share, naming rules and counts, never a value.
import type { RedactionReport } from '../../core/redact';

export function RedactionSummary({ redact, report }: { redact: boolean; report: RedactionReport | undefined }) {
  const text = !redact
    ? 'Not redacted: every value in the trace and the notes leaves as it is.'
    : !report
      ? 'Redacting…'
      : report.replacements
        ? `Redacted ${report.replacements} value${report.replacements === 1 ? '' : 's'} (${report.fired.map((f) => `${f.rule} ×${f.count}`).join(', ')}); each becomes a stable token such as <email:3f2a1c>, so equal values stay equal.`
        : 'Redaction found no personal data to replace.';
  return (
    <p className={redact ? 'text-ok' : 'text-warn'} data-testid="redaction-summary">
      {text}
    </p>
  );
}
