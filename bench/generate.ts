// Synthetic traces for benchmarks and scale tests.
import { Command, Success, recordEffect } from '../src/core/effect/index';

// In the current format: a flat pipeline with a Parallel every 50 steps and an error every 97.
export function generateTrace(entries: number, payloadBytes: number) {
  const pad = 'x'.repeat(Math.max(0, payloadBytes - 60));
  const trace: unknown[] = [];
  let k = 0;
  while (trace.length < entries) {
    if (k % 50 === 49 && trace.length + 3 <= entries) {
      trace.push({ command: 'cmdFanOutB', path: `${k}p1/0`, result: { ok: true, pad }, durationMs: 0.8 });
      trace.push({ command: 'cmdFanOutA', path: `${k}p0/0`, result: { ok: true, pad }, durationMs: 1.1 });
      trace.push({ command: 'Parallel', path: `${k}p`, result: { cancelled: false, branches: 2 }, durationMs: 1.2 });
    } else if (k % 97 === 96) {
      trace.push({ command: 'cmdFlaky', path: String(k), threw: true, error: { __error: true, name: 'Error', message: `boom ${k}`, code: 'E_BOOM' }, durationMs: 0.4 });
    } else {
      trace.push({ command: `cmdStep${k % 7}`, path: String(k), result: { id: k, note: pad }, durationMs: 0.25 + (k % 13) / 10 });
    }
    k++;
  }
  return { flowName: 'generated', version: 'bench', initialInput: { entries }, context: { flowName: 'generated' }, dropped: 0, trace };
}

/** A batch job like big-batch: one Command per item, chained through each Command's next. */
export const GENERATED_FLOW = `import { Command, Success } from 'pure-effect';
export const batchFlow = (n: number) => {
  const step = (i: number, sent: number): any => {
    if (i >= n) return Success({ sent });
    const cmdSendItem = () => ({ id: i });
    return Command(cmdSendItem, (r: { id: number }) => step(i + 1, sent + (r.id >= 0 ? 1 : 0)));
  };
  return step(0, 0);
};
`;

/** GENERATED_FLOW's trace for n items, recorded with our own runtime. */
export async function recordGenerated(n: number) {
  const step = (i: number, sent: number): unknown => {
    if (i >= n) return Success({ sent });
    const cmdSendItem = () => ({ id: i });
    return Command(cmdSendItem, (r: { id: number }) => step(i + 1, sent + (r.id >= 0 ? 1 : 0)) as never);
  };
  const { trace } = await recordEffect((_count: number) => step(0, 0) as never, n, { context: { flowName: 'batch' } });
  return trace;
}
