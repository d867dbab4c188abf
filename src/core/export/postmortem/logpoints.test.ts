// Pinned logpoint values in the post-mortem: a Logpoints section and a column in the timeline,
// each value in a code span or fence (inert however hostile), each step linked as everywhere.
import MarkdownIt from 'markdown-it';
import { describe, expect, it } from 'vitest';
import { buildPostmortem, type PostmortemInput, type PostmortemPin } from '../postmortem';
import { postmortemRunOf } from '../test-support/runs';
import { logpointsSection, pinsByStep, pinsCell } from './logpoints';

const md = new MarkdownIt({ html: true, linkify: true });
const link = (i: number) => `https://timescope.example/#of=k2x9&step=${i + 1}`;
const OUR_TAGS = new Set(['h1', 'h2', 'p', 'blockquote', 'strong', 'em', 'code', 'pre', 'ul', 'ol', 'li', 'a', 'table', 'thead', 'tbody', 'tr', 'th', 'td', 'details', 'summary', 'br']);

const HOSTILE = '<img src=x onerror=alert(1)> | `x` [click](javascript:alert(1)) **bold** https://evil.example';

async function doc(pinned: PostmortemPin[], extra: Partial<PostmortemInput> = {}) {
  const run = await postmortemRunOf('checkout-zero-total');
  return {
    run,
    markdown: buildPostmortem({
      model: run.model,
      notes: {},
      baseline: run.baseline,
      lastReplay: run.lastReplay,
      sources: run.sources,
      stepLink: link,
      narration: run.baseline.narration,
      generatedAt: new Date(2025, 5, 14, 12),
      pinned,
      ...extra
    })
  };
}

const section = (markdown: string, name: string) => markdown.split(`\n## ${name}\n\n`)[1]!.split('\n## ')[0]!;

describe('pinned logpoint values in the post-mortem', () => {
  it('a Logpoints section after the timeline: file:line, expression, value and the step, linked', async () => {
    const { markdown } = await doc([
      { file: 'flow.ts', line: 31, expr: 'total', text: '0', recorded: 2 },
      { file: 'flow.ts', line: 12, expr: 'input.promoCode', text: '"FREE100"' }
    ]);
    const html = md.render(markdown);
    expect([...html.matchAll(/<h2>([^<]*)<\/h2>/g)].map((m) => m[1])).toEqual(['Summary', 'Impact', 'Trigger and root cause', 'Resolution', 'Timeline', 'Logpoints', 'Action items', 'Supporting data']);
    const body = section(markdown, 'Logpoints');
    expect(body).toContain('- `flow.ts:31` `total`, at [step 3](https://timescope.example/#of=k2x9&step=3), `cmdChargeCard` (path `2`) = `0`');
    expect(body).toContain('- `flow.ts:12` `input.promoCode`, before any step ran = `"FREE100"`');
    expect(body.startsWith('2 values read by logpoints')).toBe(true);
  });

  it('the timeline gets a Logpoints column only when a shown step has a pin', async () => {
    const { markdown } = await doc([{ file: 'flow.ts', line: 31, expr: 'total', text: '0', recorded: 2 }]);
    const timeline = section(markdown, 'Timeline');
    expect(timeline.split('\n')[0]).toBe('| Step | Command | Outcome | Duration | Note | Logpoints |');
    expect(timeline.split('\n').find((l) => l.startsWith('| [3]'))).toMatch(/\| `total` = `0` \|$/);
    const { markdown: none } = await doc([]);
    expect(section(none, 'Timeline').split('\n')[0]).toBe('| Step | Command | Outcome | Duration | Note |');
    expect(none).not.toContain('## Logpoints');
  });

  it('a hostile value, expression or file name stays text: no tag, no link, no table broken', async () => {
    const pinned = [
      { file: 'flow.ts', line: 31, expr: HOSTILE, text: HOSTILE, recorded: 2 },
      { file: `a|b\`.ts`, line: 2, expr: 'x', text: `line one\n</details>\n## Injected\n\`\`\`\n${HOSTILE}`, recorded: 1 }
    ];
    const { markdown } = await doc(pinned);
    const html = md.render(markdown);
    const tags = new Set([...html.matchAll(/<\/?([a-zA-Z][\w-]*)/g)].map((m) => m[1]!.toLowerCase()));
    expect([...tags].filter((t) => !OUR_TAGS.has(t))).toEqual([]);
    expect(html).not.toContain('href="javascript');
    expect(html).not.toContain('href="https://evil.example');
    expect(html).not.toContain('<h2>Injected');
    // Every timeline line has as many cells as its header, as GFM counts them.
    const rows = section(markdown, 'Timeline').split('\n').filter((l) => l.startsWith('|'));
    const cells = (line: string) => line.replace(/\\./g, '').split('|').length;
    expect(new Set(rows.map(cells)).size).toBe(1);
    // The multi-line value is in a fence of its own, indented under its item.
    expect(section(markdown, 'Logpoints')).toMatch(/= *\n\n {2}````text\n {2}line one\n/);
  });

  it('cuts a long list and a long cell, counting the rest', async () => {
    const { run } = await doc([]);
    const many = Array.from({ length: 55 }, (_, i) => ({ file: 'flow.ts', line: 31, expr: 'total', text: String(i), recorded: 2 }));
    expect(logpointsSection(run.model, many, link)).toContain('- and 5 more, in the incident');
    const cell = pinsCell(pinsByStep(many).get(2));
    expect(cell.split('<br>')).toHaveLength(4);
    expect(cell.endsWith('and 52 more')).toBe(true);
    expect(pinsCell([{ file: 'f', line: 1, expr: 'x', text: 'y'.repeat(500) }])).toMatch(/^`x` = `y{59}…`$/);
  });
});
