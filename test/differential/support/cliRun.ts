// The differential through the CLI's sandbox: every snippet in plain Node, then as flow code in
// the CLI's built sandbox worker, expecting Node's outcome (or the by-design one), compared.
import { BY_DESIGN } from '../byDesign';
import { cliSandbox } from './cliSandbox';
import { compare, type Compared } from './compare';
import { FLOW_EXPORT, FLOW_FILE, flowFiles, traceText } from './flow';
import { runInNode } from './nodeSide';
import { outcomeTextOf, type Outcome } from './outcome';
import { sandboxOutcome } from './sandboxOutcome';

export interface SnippetLike {
  readonly id: string;
  readonly source: string;
}

export interface Sides {
  readonly node: Outcome[];
  readonly sandbox: Outcome[];
  readonly ms: { node: number; sandbox: number };
}

/** Both sides' outcomes for `snippets`, in order; `expectedFor` picks what the sandbox should give (by default Node's, or the by-design one). */
export async function runBothSides(snippets: readonly SnippetLike[], jobs = 2): Promise<Sides> {
  const t0 = performance.now();
  const node = await runInNode(snippets, { jobs });
  const t1 = performance.now();
  const expected = snippets.map((s, i) => BY_DESIGN[s.id]?.sandbox ?? node[i]!);
  const sandbox = cliSandbox({ jobs });
  try {
    const answers = await sandbox.runAll(snippets.map((s, i) => ({ files: flowFiles(s.source), entry: FLOW_FILE, exportName: FLOW_EXPORT, traceText: traceText(outcomeTextOf(expected[i]!)) })));
    const t2 = performance.now();
    return { node, sandbox: answers.map((a, i) => sandboxOutcome(a, expected[i]!)), ms: { node: t1 - t0, sandbox: t2 - t1 } };
  } finally {
    await sandbox.close();
  }
}

export function compareSides(snippets: readonly SnippetLike[], sides: Sides): Compared[] {
  return snippets.map((s, i) => compare(s.id, sides.node[i]!, sides.sandbox[i]!, BY_DESIGN[s.id]));
}
