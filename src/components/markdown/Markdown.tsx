// A note rendered as Markdown, sanitized (toSafeHtml). The parser and the
// sanitizer load on first use, so they cost nothing before a note is shown.
import { useEffect, useState } from 'react';

type Render = (markdown: string, options?: { document?: boolean }) => string;
let loading: Promise<Render> | undefined;
const loadRenderer = () => (loading ??= import('./toSafeHtml').then((m) => m.toSafeHtml));

export function Markdown({ text, label, document = false }: { text: string; label: string; document?: boolean }) {
  const [html, setHtml] = useState<string | undefined>();
  useEffect(() => {
    let live = true;
    void loadRenderer().then((render) => live && setHtml(render(text, { document })));
    return () => {
      live = false;
    };
  }, [text, document]);
  return (
    <div
      aria-label={label}
      role="document"
      className="ts-markdown"
      // Sanitized by toSafeHtml: raw HTML off in the parser, then DOMPurify with an allow-list.
      dangerouslySetInnerHTML={{ __html: html ?? '' }}
    />
  );
}
