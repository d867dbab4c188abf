// Notes are Markdown a person wrote, and they travel in links and capsules, so
// the note on screen may be someone else's. Two layers, because either alone
// has had holes: markdown-it with raw HTML off (a `<script>` in a note is
// text), then DOMPurify with a short list of tags and only http(s) and mailto
// links. Images are not allowed: an image in a shared note would fetch a URL
// of the sender's choosing as soon as the receiver opens the incident.
import MarkdownIt from 'markdown-it';
import DOMPurify from 'dompurify';

const md = new MarkdownIt({ html: false, linkify: true, typographer: false, breaks: true });

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

export function toSafeHtml(markdown: string): string {
  hookLinks();
  return DOMPurify.sanitize(md.render(markdown), {
    ALLOWED_TAGS,
    ALLOWED_ATTR: ['href', 'target', 'rel', 'start'],
    ALLOWED_URI_REGEXP: /^(?:https?:|mailto:)/i
  });
}
