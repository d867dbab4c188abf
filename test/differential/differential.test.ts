// "Flow code runs as JavaScript runs": every snippet of the corpus (snippets/) run as an ES module
// in plain Node and as flow code in the CLI's sandbox (dist-cli's sandbox worker, built by the
// Vitest global setup), and their outcomes compared. A difference fails its category's test,
// unless byDesign.ts lists it with the very outcome the sandbox gave; the failure is a table of
// snippet id, Node's result and the sandbox's. e2e/differential.spec.ts runs the same corpus
// through the app's replay worker in Chromium.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BY_DESIGN } from './byDesign';
import { CORPUS, categoryOf } from './snippets/index';
import { checkIds } from './snippets/define';
import { compareSides, runBothSides, type Sides } from './support/cliRun';
import { passes, table, type Compared } from './support/compare';
import { singleReplay } from './support/singleReplay';
import { outcomeTextOf } from './support/outcome';

const CATEGORIES = [...new Set(CORPUS.map((s) => categoryOf(s.id)))];

describe('flow code runs as JavaScript runs (the CLI sandbox)', () => {
  let sides: Sides;
  let compared: Compared[];
  const started = performance.now();

  beforeAll(async () => {
    sides = await runBothSides(CORPUS);
    compared = compareSides(CORPUS, sides);
  }, 120_000);

  afterAll(() => {
    const differ = compared?.filter((c) => !passes(c)).length ?? 0;
    const ms = sides ? `Node ${Math.round(sides.ms.node)} ms, sandbox ${Math.round(sides.ms.sandbox)} ms` : 'not run';
    console.log(`differential: ${CORPUS.length} snippets, ${differ} differing (${ms}, ${Math.round(performance.now() - started)} ms in all)`);
  });

  it('names each snippet once, and each by-design entry names a snippet', () => {
    expect(checkIds(CORPUS)).toBeUndefined();
    const ids = new Set(CORPUS.map((s) => s.id));
    expect(Object.keys(BY_DESIGN).filter((id) => !ids.has(id))).toEqual([]);
  });

  it('gives every snippet an answer from both sides', () => {
    const broken = compared.filter((c) => c.plain.kind === 'broken');
    expect(broken.map((c) => `${c.id}: ${c.plain.kind === 'broken' ? c.plain.message : ''}`)).toEqual([]);
  });

  it.each(CATEGORIES)('%s: no difference outside the by-design list', (category) => {
    const failing = compared.filter((c) => categoryOf(c.id) === category && !passes(c));
    if (failing.length > 0) expect.fail(`\n${table(failing, { plain: 'node', sandbox: 'sandbox' })}`);
  });

  it('drives the batch worker faithfully: a `timescope replay` of the same flow gives the same outcome', async () => {
    // one of each kind: a value, a throw located on its line, a load error, a compile refusal, a by-design refusal
    const ids = ['json/stringify-basic', 'errors/thrown-type-error-own-line', 'module/top-level-throw', 'generators/bare-yield-in-array', 'blocked/use-setTimeout', 'promise/await-in-loop-order'];
    const picks = ids.map((id) => CORPUS.findIndex((s) => s.id === id));
    expect(picks).not.toContain(-1);
    const single = await Promise.all(picks.map((i) => singleReplay(CORPUS[i]!.source, BY_DESIGN[CORPUS[i]!.id]?.sandbox ?? sides.node[i]!)));
    expect(single.map(outcomeTextOf)).toEqual(picks.map((i) => outcomeTextOf(sides.sandbox[i]!)));
    expect(single.map((o) => (o.kind === 'threw' ? o.line : undefined))).toEqual(picks.map((i) => { const o = sides.sandbox[i]!; return o.kind === 'threw' ? o.line : undefined; }));
  }, 30_000);
});
