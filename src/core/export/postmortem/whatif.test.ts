// The post-mortem of a what-if: the overrides listed in the Resolution, said in the headline, and
// inert however hostile the override's values are.
import MarkdownIt from 'markdown-it';
import { describe, expect, it } from 'vitest';
import * as effect from '../../effect/index';
import { replayTrace } from '../../replay/replayTrace';
import { replayFlowSource } from '../../source/runFlow';
import { readJson } from '../../trace/test-support/files';
import { applyOverrides, type StepOverride } from '../../whatif/apply';
import { buildPostmortem } from '../postmortem';
import { postmortemRunOf } from '../test-support/runs';

const link = (i: number) => `https://timescope.example/#incident=abc&step=${i + 1}`;
const RECEIPT = { chargeId: 'ch_whatif', amount: 0, status: 'succeeded', memo: '<img src=x onerror=alert(1)> ```' };

async function whatIfDoc(overrides: StepOverride[]) {
  const run = await postmortemRunOf('checkout-zero-total');
  const out = await replayFlowSource(
    { files: run.sources.map((s) => ({ name: s.name, text: s.original })), trace: applyOverrides(readJson(run.run.traceFile), overrides).trace },
    effect,
    replayTrace
  );
  if (out.kind !== 'report') throw new Error(out.kind);
  return buildPostmortem({
    model: run.model,
    notes: {},
    baseline: run.baseline,
    lastReplay: out.report,
    sources: run.sources,
    stepLink: link,
    narration: run.baseline.narration,
    fixNarration: out.report.narration,
    generatedAt: new Date(2025, 5, 14, 12),
    overrides
  });
}

describe('the post-mortem of a what-if', () => {
  it('says so in the headline and lists each override in the Resolution', async () => {
    const doc = await whatIfDoc([
      { at: '2', kind: 'result', value: RECEIPT },
      { at: '1', kind: 'throw', error: { name: 'PromoError', message: 'expired', code: 410 } }
    ]);
    expect(doc.split('\n')[2]).toMatch(/^> \*\*.+\*\* · what-if: 2 steps changed$/);
    const resolution = doc.split('## Resolution\n\n')[1]!.split('\n## ')[0]!;
    expect(resolution).toMatch(/^\*\*what-if: 2 steps changed\.\*\* The last replay answered these steps otherwise/);
    expect(resolution).toContain(`- [step 3](${link(2)}), \`cmdChargeCard\` (path \`2\`) returns:\n\n  \`\`\`\`json\n  {\n    "chargeId": "ch_whatif"`);
    expect(resolution).toContain(`- [step 2](${link(1)}), \`cmdValidatePromo\` (path \`1\`) throws \`PromoError\`: \`expired\` (code \`410\`)`);
    // A value is never markup: no tag of the override's own reaches the rendered page.
    const html = new MarkdownIt({ html: true, linkify: true }).render(doc);
    expect(html).not.toContain('<img');
  });

  it('without overrides, the document is as before', async () => {
    const doc = await whatIfDoc([]);
    expect(doc).not.toContain('what-if');
  });
});
