// buildPostmortem on every shared fixture (replayed as the app replays them), on hostile content,
// and rendered with markdown-it as GitHub would render it (raw HTML allowed, URLs linkified).
import MarkdownIt from 'markdown-it';
import { describe, expect, it } from 'vitest';
import { fixtureRuns } from '../source/test-support/fixtures';
import { buildModel } from '../trace/build';
import { buildPostmortem, postmortemFileName, type PostmortemInput } from './postmortem';
import { postmortemRun, postmortemRunOf, type PostmortemRun } from './test-support/runs';

const md = new MarkdownIt({ html: true, linkify: true });
const SECTIONS = ['Summary', 'Impact', 'Trigger and root cause', 'Resolution', 'Timeline', 'Action items', 'Supporting data'];
/** The tags the document writes itself (Markdown's, plus details, summary and br); a value must produce none other. */
const OUR_TAGS = new Set(['h1', 'h2', 'p', 'blockquote', 'strong', 'em', 'code', 'pre', 'ul', 'ol', 'li', 'a', 'table', 'thead', 'tbody', 'tr', 'th', 'td', 'details', 'summary', 'br']);
const link = (i: number) => `https://timescope.example/#of=k2x9&step=${i + 1}`;
const INCIDENT = 'https://timescope.example/#incident=i1.3.abc';
const DATE = new Date(2025, 5, 14, 12);

function inputOf(run: PostmortemRun, extra: Partial<PostmortemInput> = {}): PostmortemInput {
  return {
    model: run.model,
    notes: {},
    baseline: run.baseline,
    lastReplay: run.lastReplay,
    sources: run.sources,
    stepLink: link,
    narration: run.baseline.narration,
    ...(run.edited ? { fixNarration: run.lastReplay.narration } : {}),
    incidentLink: INCIDENT,
    generatedAt: DATE,
    ...extra
  };
}

/** Cells of one raw table line, counting only unescaped pipes, as GFM splits them. */
function rawCells(line: string): number {
  let pipes = 0;
  for (let i = 0; i < line.length; i++) {
    if (line[i] === '\\') i++;
    else if (line[i] === '|') pipes++;
  }
  return pipes - 1;
}

/** Renders, and checks what holds for every document: its tags, its links, its tables. */
function checkRendered(doc: string, links: readonly string[]): string {
  const html = md.render(doc);
  const tags = new Set([...html.matchAll(/<\/?([a-zA-Z][\w-]*)/g)].map((m) => m[1]!.toLowerCase()));
  expect([...tags].filter((t) => !OUR_TAGS.has(t))).toEqual([]);
  const hrefs = [...html.matchAll(/href="([^"]*)"/g)].map((m) => md.utils.unescapeAll(m[1]!).replace(/&amp;/g, '&'));
  for (const href of hrefs) expect(links).toContain(href);
  // Every table line has as many cells as its header, counted as GFM counts them.
  for (const block of doc.split(/\n{2,}/).filter((b) => b.startsWith('| '))) {
    const counts = block.split('\n').map(rawCells);
    expect(new Set(counts)).toEqual(new Set([counts[0]]));
  }
  // The sections are all there, in order, as h2s: nothing a value wrote swallowed them.
  expect([...html.matchAll(/<h2>([^<]*)<\/h2>/g)].map((m) => m[1])).toEqual(SECTIONS);
  return html;
}

const stepLinks = (n: number) => Array.from({ length: n }, (_, i) => link(i));

describe('buildPostmortem on every fixture', () => {
  it.each(fixtureRuns().map((r) => [r.id, r] as const))('%s', async (_id, fixture) => {
    const run = await postmortemRun(fixture);
    const doc = buildPostmortem(inputOf(run));
    expect(doc.startsWith('# Post-mortem: ')).toBe(true);
    expect(doc.split('\n')[2]).toMatch(/^> \*\*.+\*\*$/);
    const html = checkRendered(doc, [INCIDENT, ...stepLinks(run.model.steps.length)]);
    expect(html).toContain('<details><summary>Production, narrated as timeTravel prints it');
    // Production's story and the fix's are told apart, each under its own label.
    if (run.edited) expect(html).toContain("<details><summary>The fix's replay, narrated");
    else expect(html).not.toContain('What the fix does');
    if (run.edited) expect(doc).toContain('```diff\n--- a/');
    else expect(doc).toContain('The code is unchanged');
  });
});

describe('checkout-zero-total, fixed', () => {
  it('reads the incident, the fix and its verdict', async () => {
    const run = await postmortemRunOf('checkout-zero-total/fixed');
    const doc = buildPostmortem(inputOf(run, { notes: { title: 'Checkout fails at zero', steps: { 1: { text: 'percentOff 100' } } } }));
    expect(doc.split('\n').slice(0, 3)).toEqual(['# Checkout fails at zero', '', '> **Fixed — the recorded Failure now ends in Success; no longer reached: cmdChargeCard**']);
    const section = (name: string) => doc.split(`## ${name}\n\n`)[1]!.split('\n## ')[0]!.trimEnd();
    const trigger = section('Trigger and root cause');
    expect(trigger).toContain(`[step 3](${link(2)}), \`cmdChargeCard\` (path \`2\`), which threw:`);
    expect(trigger).toContain('- `Error: Amount must be non-zero.`\n  - code: `"invalid_amount"`');
    expect(trigger).toContain('It received, changed on the way here, by `cmdValidatePromo`:\n\n- `percentOff: 100` (new)\n- `total: 0` (new)');
    expect(trigger).toContain('`cmdChargeCard` is defined in `flow.ts` on line 37, built by the `Command(` call on line 44 (lines 36–45):\n\n```ts\nconst chargeCard');
    const resolution = section('Resolution');
    expect(resolution).toContain('Last replay: **Fixed — the recorded Failure now ends in Success; no longer reached: cmdChargeCard**.\n\n<details><summary>What the flow returned</summary>');
    expect(resolution).toContain("+    if (order.total <= 0) {\n+        return Success({ ...order, receipt: { amount: 0, status: 'waived' } });\n+    }");
    expect(resolution).toContain(`Now unreached (1 recorded step):\n\n- [step 3](${link(2)}), \`cmdChargeCard\` (path \`2\`)`);
    const timeline = section('Timeline');
    expect(timeline.split('\n')).toEqual([
      '| Step | Command | Outcome | Duration | Note |',
      '| ---: | --- | --- | ---: | --- |',
      `| [1](${link(0)}) | \`cmdFetchCart\` | returned | 4.91 ms |  |`,
      `| [2](${link(1)}) | \`cmdValidatePromo\` | returned | 2.75 ms | percentOff 100 |`,
      `| [3](${link(2)}) | \`cmdChargeCard\` | threw \`Error: Amount must be non-zero.\`; **not reached after the fix** | 6.89 ms |  |`
    ]);
    const supporting = section('Supporting data');
    const production = supporting.indexOf('**What production did**');
    const fix = supporting.indexOf('**What the fix does**');
    expect(production).toBeGreaterThanOrEqual(0);
    expect(fix).toBeGreaterThan(production);
    expect(supporting.slice(production, fix)).toContain(run.baseline.narration.join('\n'));
    expect(supporting.slice(fix)).toContain('**What the fix does**, replayed against the same recording: Fixed — the recorded Failure now ends in Success')
    expect(supporting.slice(fix)).toContain(run.lastReplay.narration.join('\n'));
    expect(supporting.slice(production, fix)).not.toContain(run.lastReplay.narration.at(-1));
  });

  it('keeps the starred steps and every noted one when any are starred', async () => {
    const run = await postmortemRunOf('checkout-zero-total/fixed');
    const doc = buildPostmortem(inputOf(run, { notes: { steps: { 2: { starred: true }, 1: { text: 'percentOff 100, not starred' } } } }));
    expect(doc).toContain('The 2 steps of 3 you starred (★) or wrote a note on:');
    expect(doc).not.toContain('`cmdFetchCart` | returned');
    expect(doc).toContain(`| [2](${link(1)}) | \`cmdValidatePromo\` | returned | 2.75 ms | percentOff 100, not starred |`);
    expect(doc).toContain(`| [3](${link(2)}) ★ | \`cmdChargeCard\``);
  });

  it('without links, rows are plain and the document names no file it does not ship', async () => {
    const run = await postmortemRunOf('checkout-zero-total/fixed');
    const { incidentLink: _i, ...rest } = inputOf(run, { stepLink: () => undefined });
    const doc = buildPostmortem(rest);
    expect(checkRendered(doc, [])).not.toContain('<a ');
    expect(doc).toContain('| 3 | `cmdChargeCard` |');
    expect(doc).toContain('The steps have no links: open the incident in Timescope and pick the step.');
    expect(doc).toContain('This incident is too big for a link: ask its author for its capsule');
    expect(doc).not.toMatch(/\.zip\b/);
  });

  it('before any replay, says what a replay would fill in', async () => {
    const run = await postmortemRunOf('checkout-zero-total');
    const { baseline: _b, lastReplay: _l, ...rest } = inputOf(run, { narration: [] });
    const doc = buildPostmortem(rest);
    expect(doc).toContain('> **Not replayed yet**');
    expect(doc).toContain('Replay the unchanged code in Timescope to see the value this step received.');
    expect(doc).toContain('- `Error: Amount must be non-zero.`');
    checkRendered(doc, [INCIDENT, ...stepLinks(3)]);
  });

  it('uses the verdict the app passes', async () => {
    const run = await postmortemRunOf('checkout-zero-total/fixed');
    const doc = buildPostmortem(inputOf(run, { verdict: { kind: 'fixed', headline: 'Fixed — the app says so' } }));
    expect(doc).toContain('> **Fixed — the app says so**');
  });
});

describe('a long trace', () => {
  it('keeps the timeline and the narration short', async () => {
    const run = await postmortemRunOf('big-batch');
    const doc = buildPostmortem(inputOf(run));
    const rows = doc.split('\n').filter((l) => l.startsWith('| ') && !l.startsWith('| Step') && !l.startsWith('| ---'));
    expect(rows.length).toBeLessThanOrEqual(42);
    expect(rows).toContain(`| ⋯ |  | ${'4,982 steps'} not shown |  |  |`);
    expect(doc).toMatch(/The first 400 lines of [\d,]+; Timescope narrates the rest once the incident is open\./);
    expect(doc.length).toBeLessThan(60_000);
  });
});

describe('a 100-step incident with every step noted and starred', () => {
  const model = buildModel({
    flowName: 'import',
    trace: Array.from({ length: 100 }, (_, i) => ({ command: `cmdStep${i}`, path: String(i), result: { i }, durationMs: 1 }))
  });
  const long = `${'the importer retried this row because the upstream answered 503 - then '.repeat(8)}gave up.`;
  const steps = Object.fromEntries(Array.from({ length: 100 }, (_, i) => [i, { text: i === 42 ? long : `note ${i}`, starred: i % 2 === 0 }]));
  const incident = `https://timescope.example/#incident=i1.4000.${'x'.repeat(4000)}`;
  const doc = buildPostmortem({ model, notes: { steps }, sources: [], incidentLink: incident, stepLink: link, narration: ['Step 1: cmdStep0'], generatedAt: DATE });

  it('links the incident once, and keeps every other line short', () => {
    expect(doc.split(incident).length - 1).toBe(1);
    const long = doc.split('\n').filter((l) => l.length > 300);
    expect(long).toHaveLength(1);
    expect(long[0]).toContain(incident);
    // The whole incident (4 KB) once, plus 100 short rows (~100 characters each): not 100 copies of it.
    expect(doc.length).toBeLessThan(incident.length + 15_000);
  });

  it('keeps every noted step, starred or not, and every note whole', () => {
    const rows = doc.split('\n').filter((l) => /^\| \[\d+\]/.test(l));
    expect(rows).toHaveLength(100);
    expect(rows[1]).toBe(`| [2](${link(1)}) | \`cmdStep1\` | returned | 1.00 ms | note 1 |`);
    expect(rows[42]).toContain('(in full below)');
    const full = doc.split('Notes in full:\n\n')[1]!.split('\n\n')[0]!;
    expect(full.startsWith('- Step 43:\n  the importer')).toBe(true);
    expect(full.replace(/\n {2}/g, ' ').replace('- Step 43: ', '')).toBe(long);
    // Rendered, the wrapped lines are one paragraph again, and start no list of their own.
    const html = md.render(full);
    expect(html.match(/<li>/g)).toHaveLength(1);
    expect(html.replace(/\s+/g, ' ')).toContain(`Step 43: ${long}`);
    checkRendered(doc, [incident, ...stepLinks(100)]);
  });
});

describe('hostile content stays inert', () => {
  const model = buildModel({
    flowName: '<img src=x onerror=alert(1)>',
    version: '`v1`',
    trace: [
      { command: 'cmd|Pipe`tick', path: '0', result: { html: '<script>alert(1)</script>', pipe: 'a|b' }, durationMs: 1 },
      {
        command: 'cmdBoom',
        path: '1',
        threw: true,
        error: {
          __error: true,
          name: 'Evil<b>',
          message: 'bad ```\n# not a heading\n<script>alert(1)</script>\n```',
          code: '|x|',
          cause: { __error: true, name: 'Error', message: '[click](javascript:alert(1)) <iframe>' }
        },
        durationMs: 1
      }
    ]
  });
  const original = "const cmdBoom = () => '````<script>';\nexport const flow = () => cmdBoom;\n";
  const input: PostmortemInput = {
    model,
    notes: {
      title: 'Title with `ticks` and <script>alert(1)</script> | pipe',
      summary: 'Summary with <script>x</script> in it.\n\nAnd `Array<string>` kept.\n\n```js\nconst unclosed = 1;',
      impact: '<img src=x onerror=alert(1)>\n<details open>',
      actionItems: ['Fix | the <b>thing</b>', '[click](javascript:alert(1))'],
      steps: { 0: { text: 'a | b\nnext line <i>x</i> `tick' } }
    },
    sources: [{ name: 'flow`<x>.ts', original, edited: `${original}// \`\`\`\`\` five ticks <script>\n` }],
    stepLink: (i) => `https://t.example/#step=${i}) <x>`,
    narration: ['Step 1: ``` <script>alert(1)</script>', '```'],
    generatedAt: DATE
  };
  const doc = buildPostmortem(input);
  const links = ['https://t.example/#step=0%29%20%3Cx%3E', 'https://t.example/#step=1%29%20%3Cx%3E'];

  it('renders no tag, link or section that a value wrote', () => {
    const html = checkRendered(doc, links);
    expect(html).not.toMatch(/<(script|img|iframe|b|i)\b/);
    expect(html).toContain('<h1>Title with `ticks` and &lt;script&gt;alert(1)&lt;/script&gt; | pipe</h1>');
    expect(html).toContain('<code>Array&lt;string&gt;</code> kept.');
    expect(html).toContain('const unclosed = 1;\n</code></pre>\n<h2>Impact</h2>');
  });

  it('keeps a note with pipes in its cell, and the hostile command in its code span', () => {
    const html = md.render(doc);
    expect(html).toContain('<td>a | b<br>next line &lt;i&gt;x&lt;/i&gt; `tick</td>');
    expect(html).toContain('<td><code>cmd|Pipe`tick</code></td>');
  });

  it('fences the error message, the diff and the narration with longer fences', () => {
    expect(doc).toContain('- ```` Evil<b>: bad ``` # not a heading <script>alert(1)</script> ``` ````');
    expect(doc).toContain('  ````text\n  bad ```');
    expect(doc).toContain('``````diff\n');
    expect(doc).toContain('````text\nStep 1: ``` <script>');
    expect(doc).toContain('  - code: `"|x|"`');
    expect(doc).toContain('  - caused by `Error: [click](javascript:alert(1)) <iframe>`');
  });
});

describe('postmortemFileName', () => {
  it('names the file after the flow and the day', () => {
    expect(postmortemFileName('checkout', DATE)).toBe('postmortem-checkout-2025-06-14.md');
    expect(postmortemFileName('../../etc/passwd', DATE)).toBe('postmortem-etc-passwd-2025-06-14.md');
    expect(postmortemFileName('Café <Flow>', DATE)).toBe('postmortem-Cafe-Flow-2025-06-14.md');
    expect(postmortemFileName(undefined, DATE)).toBe('postmortem-flow-2025-06-14.md');
    expect(postmortemFileName('x'.repeat(200), DATE)).toBe(`postmortem-${'x'.repeat(60)}-2025-06-14.md`);
  });
});
