// Prints the post-mortem of the checkout incident with the fixed variant as the edit, as the app
// would export it: `npx tsx scripts/postmortem-sample.ts [case/variant]`. For reading the document
// (and pasting it into a note) without the app.
import { buildPostmortem } from '../src/core/export/postmortem';
import { postmortemRunOf } from '../src/core/export/test-support/runs';

const id = process.argv[2] ?? 'checkout-zero-total/fixed';
const run = await postmortemRunOf(id);

process.stdout.write(
  buildPostmortem({
    model: run.model,
    // Notes as a person would write them, for the checkout incident only.
    notes: id.startsWith('checkout-zero-total')
      ? {
          title: 'Checkout fails when a 100% promo makes the total zero',
          summary: 'A customer used the promo code `FREE100`. The cart total became 0 and the payment provider refused a **zero** charge, so checkout failed.',
          steps: { 1: { text: 'percentOff 100 → total 0' }, 2: { text: 'provider refuses amount 0' } }
        }
      : {},
    baseline: run.baseline,
    lastReplay: run.lastReplay,
    sources: run.sources,
    // Stand-ins for the app's links: the incident's carries it in the fragment, a step's only names its shape.
    incidentLink: 'https://timescope.example/#incident=…',
    stepLink: (i) => `https://timescope.example/#of=…&step=${i + 1}`,
    narration: run.baseline?.narration ?? run.lastReplay.narration,
    ...(run.baseline ? { fixNarration: run.lastReplay.narration } : {}),
    generatedAt: new Date(2025, 5, 14, 12)
  })
);
