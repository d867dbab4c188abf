// The escaping helpers, checked by rendering what they make with a CommonMark + GFM parser.
import MarkdownIt from 'markdown-it';
import { describe, expect, it } from 'vitest';
import { cell, code, fence, link, table, text } from './markdown';
import { prose } from './prose';

const md = new MarkdownIt({ html: true, linkify: true });
const inline = (markdown: string) => md.renderInline(markdown);

describe('markdown helpers', () => {
  it('text: Markdown and HTML come out as the characters typed, on one line, with no bare-URL link', () => {
    const typed = '*a* _b_ `c` [d](e) <b>f</b> ~g~ &amp; #h !i \\j';
    expect(inline(text(typed))).toBe(md.utils.escapeHtml(typed));
    expect(text('one\n  two')).toBe('one two');
    expect(inline(text('see https://x.example and www.x.example'))).not.toContain('<a');
  });

  it('code: a span no backtick inside closes early; padded when it starts or ends with one', () => {
    expect(code('a`b')).toBe('``a`b``');
    expect(code('`x`')).toBe('`` `x` ``');
    expect(inline(code('`x` <b>'))).toBe('<code>`x` &lt;b&gt;</code>');
    expect(code('')).toBe('(empty)');
  });

  it('fence: longer than any backtick run inside, so the content cannot close it', () => {
    const body = 'a\n````\n<script>';
    expect(fence(body, 'ts')).toBe('`````ts\na\n````\n<script>\n`````');
    expect(md.render(fence(body))).toBe('<pre><code>a\n````\n&lt;script&gt;\n</code></pre>\n');
  });

  it('control characters and bidi overrides are shown, not obeyed', () => {
    expect(code('a\u202eb\u0007')).toBe('`a\ufffdb\ufffd`');
  });

  it('cell and table: pipes escaped once, also inside code spans, so the column count holds', () => {
    expect(cell('a | b `c|d`')).toBe('a \\| b `c\\|d`');
    const html = md.render(table(['A', 'B'], [[text('x|y'), code('p|q')]]));
    expect(html).toContain('<td>x|y</td>\n<td><code>p|q</code></td>');
  });

  it('link: only http(s), with the characters that end a destination encoded', () => {
    expect(link('1', 'https://a.example/#x=(1) <2>|')).toBe('[1](https://a.example/#x=%281%29%20%3C2%3E%7C)');
    expect(link('1', 'javascript:alert(1)')).toBe('1');
    expect(link('1', undefined)).toBe('1');
  });
});

describe('prose: a person’s Markdown between our sections', () => {
  it('keeps Markdown, code spans with < in them, and line breaks', () => {
    const out = prose('**Bold** and `Array<string>`\nnext line\n\n- item');
    expect(out).toBe('**Bold** and `Array<string>`  \nnext line\n\n- item');
    expect(md.render(out)).toContain('<code>Array&lt;string&gt;</code><br>');
  });

  it('escapes HTML and images where the parser finds them, including across lines and list items', () => {
    for (const hostile of ['<script>x</script>', 'a `\nb <img src=x> `', '- a `\n- b <img src=x onerror=y> `', '![t](https://x.example/i.png)', '<details open>\n\nbody']) {
      const html = md.render(prose(hostile));
      expect(html).not.toMatch(/<(script|img|details)\b/);
    }
  });

  it('closes a fence left open, so the next section is not swallowed', () => {
    const out = prose('text\n\n````js\nconst a = 1;');
    expect(out.endsWith('\n````')).toBe(true);
    expect(md.render(`${out}\n\n## Next`)).toContain('<h2>Next</h2>');
  });
});
