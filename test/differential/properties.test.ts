// The differential as properties (fast-check): random small programs (support/programs.ts) run
// as ES modules in plain Node and as flow code in the CLI's sandbox, whose outcomes must agree.
// A failure shows the shrunk program with both sides' results; the seed to replay it is in
// fast-check's report (FC_SEED=<seed> to run with one).
import fc from 'fast-check';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { cliSandbox } from './support/cliSandbox';
import { describeOutcome, sameOutcome } from './support/compare';
import { FLOW_EXPORT, FLOW_FILE, flowFiles, traceText } from './support/flow';
import { nodeRunner } from './support/nodeSide';
import { outcomeTextOf } from './support/outcome';
import { sandboxOutcome } from './support/sandboxOutcome';
import { functionProgram, jsonProgram, moduleProgram, numberProgram, stringProgram } from './support/programs';

const seed = process.env.FC_SEED ? Number(process.env.FC_SEED) : undefined;
const options = (numRuns: number) => ({ numRuns, ...(seed !== undefined ? { seed } : {}) });

describe('random programs run alike in Node and in the CLI sandbox', () => {
  let node: ReturnType<typeof nodeRunner>;
  let sandbox: ReturnType<typeof cliSandbox>;
  beforeAll(() => {
    node = nodeRunner({ jobs: 1 });
    sandbox = cliSandbox({ jobs: 1 });
  });
  afterAll(async () => {
    await Promise.all([node?.close(), sandbox?.close()]);
  });

  /** Node's outcome and the sandbox's for one program; throws a readable difference. */
  async function agree(source: string): Promise<void> {
    const [plain] = await node.runAll([{ id: 'property', source }]);
    const [answer] = await sandbox.runAll([{ files: flowFiles(source), entry: FLOW_FILE, exportName: FLOW_EXPORT, traceText: traceText(outcomeTextOf(plain!)) }]);
    const got = sandboxOutcome(answer!, plain!);
    if (!sameOutcome(plain!, got)) throw new Error(`the sides differ\n  node     ${describeOutcome(plain!, 300)}\n  sandbox  ${describeOutcome(got, 300)}\nprogram:\n${source}`);
  }

  it('names declared and undeclared, shadowed, closed over, in a function', async () => {
    await fc.assert(fc.asyncProperty(functionProgram, agree), options(120));
  }, 30_000);

  it('names at the module top level', async () => {
    await fc.assert(fc.asyncProperty(moduleProgram, agree), options(80));
  }, 30_000);

  it('String methods on random strings', async () => {
    await fc.assert(fc.asyncProperty(stringProgram, agree), options(40));
  }, 30_000);

  it('Number formatting and Math on random numbers', async () => {
    await fc.assert(fc.asyncProperty(numberProgram, agree), options(40));
  }, 30_000);

  it('JSON round trips of random values', async () => {
    await fc.assert(fc.asyncProperty(jsonProgram, agree), options(40));
  }, 30_000);
});
