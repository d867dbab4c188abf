// "Exactly what leaves": the payload the link or capsule will carry, as the
// JSON that is encoded, with every pseudonym marked so the person sees what
// redaction replaced and can check nothing else slipped through. Shown as
// text (React text nodes), cut past PREVIEW_CHARS so a big trace stays fast.
import { useMemo } from 'react';
import type { IncidentPayload } from '../../core/share/payload';
import type { RedactionReport } from '../../core/redact';
import { sizeText } from '../../core/share/sizeText';
import { logpointsCountText, type SharedLogpoints } from '../../core/share/logpoints';

const PREVIEW_CHARS = 60_000;
const TOKEN = /<[A-Za-z0-9_-]{1,32}:[0-9a-f]{6,64}>/g;
const PLACES_SHOWN = 12;

function Marked({ text }: { text: string }) {
  const parts = useMemo(() => {
    const out: { text: string; token: boolean }[] = [];
    let at = 0;
    for (const m of text.matchAll(TOKEN)) {
      if (m.index > at) out.push({ text: text.slice(at, m.index), token: false });
      out.push({ text: m[0], token: true });
      at = m.index + m[0].length;
    }
    if (at < text.length) out.push({ text: text.slice(at), token: false });
    return out;
  }, [text]);
  return (
    <>
      {parts.map((p, i) =>
        p.token ? (
          <mark key={i} className="rounded-sm bg-accent/25 px-0.5 text-fg">
            {p.text}
          </mark>
        ) : (
          p.text
        )
      )}
    </>
  );
}

function Places({ report }: { report: RedactionReport }) {
  if (!report.changedPaths.length) return null;
  const shown = report.changedPaths.slice(0, PLACES_SHOWN);
  const more = report.changedPaths.length - shown.length + (report.changedPathsTruncated ? 1 : 0);
  return (
    <p className="text-muted" data-testid="redacted-places">
      Replaced at <span className="font-mono text-fg">{shown.join(', ')}</span>
      {more > 0 && ` and ${report.changedPathsTruncated ? 'more than ' : ''}${more.toLocaleString('en-US')} more`}.
    </p>
  );
}

/** Characters of a pinned value shown in the list; the JSON below holds all of it. */
const PIN_SHOWN = 160;

/** The logpoints it carries, one a line, as the receiver will see them: the sender checks them at a glance. */
function Logpoints({ logpoints }: { logpoints: SharedLogpoints }) {
  const { points, pinned } = logpoints;
  return (
    <section aria-label="Logpoints that leave" data-testid="shared-logpoints" className="mt-1.5">
      <p className="text-muted">With {logpointsCountText(points.length, pinned.length)}:</p>
      <ul className="mt-0.5 space-y-0.5 font-mono text-[11px]">
        {points.map((p, i) => (
          <li key={`p${i}`} className="break-all">
            {p.file}:{p.line} <span className="text-muted">=</span> {p.expr}
          </li>
        ))}
        {pinned.map((h, i) => (
          <li key={`h${i}`} className="break-all">
            <span className="text-muted">pinned · </span>
            {h.file}:{h.line} {h.expr} <span className="text-muted">=</span> <Marked text={h.text.length > PIN_SHOWN ? `${h.text.slice(0, PIN_SHOWN - 1)}…` : h.text} />
          </li>
        ))}
      </ul>
    </section>
  );
}

export function SharePreview({ payload, report }: { payload: IncidentPayload; report: RedactionReport | undefined }) {
  const json = useMemo(() => JSON.stringify(payload, null, 2), [payload]);
  const cut = json.length > PREVIEW_CHARS;
  return (
    <details className="rounded border border-line p-2" open>
      <summary className="cursor-pointer font-medium">What leaves: the incident as it is encoded{report ? ', pseudonyms marked' : ''}</summary>
      {report && <Places report={report} />}
      {payload.logpoints && <Logpoints logpoints={payload.logpoints} />}
      <pre
        aria-label="Shared content preview"
        tabIndex={0}
        className="mt-1.5 max-h-[min(24rem,50vh)] overflow-auto whitespace-pre-wrap break-all rounded border border-line bg-bg p-1.5 font-mono text-[11px]"
      >
        <Marked text={cut ? json.slice(0, PREVIEW_CHARS) : json} />
      </pre>
      {cut && (
        <p className="text-muted">
          Showing the first {sizeText(PREVIEW_CHARS)} of {sizeText(json.length)}. The capsule’s trace.json holds all of it, redacted the same way.
        </p>
      )}
    </details>
  );
}
