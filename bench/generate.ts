// Synthetic traces for benchmarks and scale tests.
import { transform } from 'sucrase';
import * as effect from '../src/core/effect/index';
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

/**
 * An order batch with Parallel and Retry structure, as source text a person would load beside its
 * trace (the replay row loads both and presses Replay). Per order: cmdLoadOrder; then a 3-branch
 * Parallel (cmdReserveStock, cmdQuoteShipping, cmdScreenFraud); on every `retryEvery`-th order
 * cmdChargeCard under a Retry whose first attempt throws (the gateway drops it) and whose second
 * succeeds; then cmdWriteLedger. That is 6 entries per order, 8 with the Retry. The flow counts the
 * entries it makes and ends with plain cmdLoadOrder steps, so the trace has exactly
 * `job.entries` entries. Every Command result is about 230 bytes of JSON, its filler made of words
 * that vary from step to step (the filter has value text to search). recordOrderBatch records this
 * very text, compiled, so the source and the trace cannot drift apart.
 */
export const ORDER_BATCH_FLOW = `import { Command, Success, Parallel, Retry, effectPipe } from 'pure-effect';

const WORDS = ['amber', 'basalt', 'cobalt', 'dune', 'ember', 'fjord', 'garnet', 'harbor', 'indigo', 'juniper', 'kelp', 'lumen', 'marble', 'nectar', 'onyx', 'pollen', 'quartz', 'russet', 'sable', 'tundra', 'umber', 'velvet', 'willow', 'xenon', 'yarrow', 'zephyr'];

/** A result of about 230 bytes of JSON: the fields, then filler words picked by the order number. */
const result = (fields: Record<string, unknown>, i: number, salt: number) => {
  const out: Record<string, unknown> = { ...fields, note: '' };
  let note = '';
  let w = i * 7 + salt * 13;
  while (JSON.stringify(out).length + note.length < 226) {
    note += (note ? ' ' : '') + WORDS[w % WORDS.length];
    w = (w * 31 + 17) % 9973;
  }
  out.note = note.slice(0, Math.max(0, 226 - JSON.stringify(out).length));
  return out;
};

interface Job {
  entries: number;
  retryEvery: number;
}

interface Totals {
  orders: number;
  items: number;
  charged: number;
  flagged: number;
}

const order = (job: Job, i: number, made: number, totals: Totals): any => {
  const withRetry = i % job.retryEvery === job.retryEvery - 1;
  const size = withRetry ? 8 : 6;
  const id = 'ord-' + String(i).padStart(6, '0');
  if (made >= job.entries) return Success(totals);
  const cmdLoadOrder = () => result({ id, customer: 'cust-' + (i % 977), items: 1 + (i % 5), currency: 'EUR' }, i, 0);
  if (made + size > job.entries) {
    // The tail: single loads until the trace has exactly job.entries entries.
    return Command(cmdLoadOrder, (o: { items: number }) => order(job, i + 1, made + 1, { ...totals, orders: totals.orders + 1, items: totals.items + o.items }));
  }
  return Command(cmdLoadOrder, (o: { items: number }) => {
    const cmdReserveStock = () => result({ id, warehouse: 'wh-' + (i % 11), reserved: o.items }, i, 1);
    const cmdQuoteShipping = () => result({ id, carrier: ['dhl', 'ups', 'gls'][i % 3], cents: 399 + (i % 250) }, i, 2);
    const cmdScreenFraud = () => result({ id, score: (i * 37) % 100, flagged: (i * 37) % 100 > 95 }, i, 3);
    return Parallel([Command(cmdReserveStock), Command(cmdQuoteShipping), Command(cmdScreenFraud)], ([, quote, fraud]: any[]) => {
      const ledger = (charged: number) => {
        const cmdWriteLedger = () => result({ id, charged, balance: totals.charged + charged }, i, 4);
        return Command(cmdWriteLedger, () =>
          order(job, i + 1, made + size, {
            orders: totals.orders + 1,
            items: totals.items + o.items,
            charged: totals.charged + charged,
            flagged: totals.flagged + (fraud.flagged ? 1 : 0)
          })
        );
      };
      if (!withRetry) return ledger(quote.cents);
      let tries = 0;
      const cmdChargeCard = () => {
        tries += 1;
        if (tries === 1) throw Object.assign(new Error('gateway timeout charging ' + id), { code: 'ETIMEDOUT' });
        return result({ id, charged: quote.cents, attempt: tries, auth: 'auth-' + ((i * 7919) % 100000) }, i, 5);
      };
      // Only the charge is retried: the rest of the batch continues after the Retry, not inside it.
      return effectPipe(
        () => Retry(Command(cmdChargeCard), { attempts: 2, delay: 0 }),
        (c: { charged: number }) => ledger(c.charged)
      )();
    });
  });
};

export const orderBatchFlow = (job: Job) => order(job, 0, 0, { orders: 0, items: 0, charged: 0, flagged: 0 });
`;

/** The Retry's density in the benchmark traces: one order in ORDER_BATCH_RETRY_EVERY is charged under a Retry. */
export const ORDER_BATCH_RETRY_EVERY = 10;

/** ORDER_BATCH_FLOW's text compiled to a function, with our own runtime as 'pure-effect'. */
function compileOrderBatch(): (job: { entries: number; retryEvery: number }) => unknown {
  const { code } = transform(ORDER_BATCH_FLOW, { transforms: ['typescript', 'imports'] });
  const module = { exports: {} as Record<string, unknown> };
  const require = (name: string) => {
    if (name !== 'pure-effect') throw new Error(`ORDER_BATCH_FLOW imports '${name}'`);
    return effect;
  };
  new Function('require', 'module', 'exports', code)(require, module, module.exports);
  return module.exports.orderBatchFlow as (job: { entries: number; retryEvery: number }) => unknown;
}

/** ORDER_BATCH_FLOW's trace with exactly `entries` entries, recorded with our own runtime. */
export async function recordOrderBatch(entries: number, retryEvery = ORDER_BATCH_RETRY_EVERY) {
  const flow = compileOrderBatch();
  const input = { entries, retryEvery };
  const { result, trace } = await recordEffect((job: typeof input) => flow(job) as never, input, { context: { flowName: 'orderBatch' }, version: 'bench' });
  if ((result as { type: string }).type !== 'Success') throw new Error(`ORDER_BATCH_FLOW did not succeed: ${JSON.stringify(result).slice(0, 300)}`);
  if (trace.trace.length !== entries) throw new Error(`ORDER_BATCH_FLOW made ${trace.trace.length} entries, not ${entries}`);
  return trace;
}
