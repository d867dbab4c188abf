// Notes are Markdown a person wrote, and they travel in links and capsules, so
// the note on screen may be someone else's. Two layers, because either alone
// has had holes: markdown-it with raw HTML off (a `<script>` in a note is
// text), then DOMPurify with a short list of tags and only http(s) and mailto
// links. Images are not allowed: an image in a shared note would fetch a URL
// of the sender's choosing as soon as the receiver opens the incident.
import MarkdownIt from 'markdown-it';
import DOMPurify from 'dompurify';

const md = new MarkdownIt({ html: false, linkify: true, typographer: false, breaks: true });
// A document the app wrote (the post-mortem) uses <details><summary> for long
// values; its own values are escaped by the writer, and DOMPurify still runs.
const documentMd = new MarkdownIt({ html: true, linkify: false, typographer: false });

const ALLOWED_TAGS = ['p', 'br', 'strong', 'em', 's', 'code', 'pre', 'blockquote', 'ul', 'ol', 'li', 'a', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'hr', 'table', 'thead', 'tbody', 'tr', 'th', 'td'];

let hooked = false;
function hookLinks() {
  if (hooked) return;
  hooked = true;
  // Links open elsewhere and tell the target nothing about where they came from.
  DOMPurify.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'A') {
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer nofollow');
    }
  });
}

/** `document`: an app-made document, which may hold <details> blocks; a person's note may not. */
export function toSafeHtml(markdown: string, options: { document?: boolean } = {}): string {
  hookLinks();
  const html = options.document ? documentMd.render(markdown) : md.render(markdown);
  return DOMPurify.sanitize(html, {
    ALLOWED_TAGS: options.document ? [...ALLOWED_TAGS, 'details', 'summary'] : ALLOWED_TAGS,
    ALLOWED_ATTR: ['href', 'target', 'rel', 'start', 'align'],
    ALLOWED_URI_REGEXP: /^(?:https?:|mailto:)/i
  });
}
