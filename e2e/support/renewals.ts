// An incident with a branch built per item: `Parallel(due.map(renewOne))` renews every
// subscription due today at once, and one customer's card is declined. Recorded here, by our own
// recorder, running the flow as the app loads it (core/source's loader), with fake services.
import * as runtime from '../../src/core/effect/index';
import { recordEffect } from '../../src/core/effect/index';
import { loadFlowModule } from '../../src/core/source/loader';

export const RENEWALS_FLOW = `// Monthly renewals: charge every subscription due today at once, then mail the summary.
import { Command, Parallel, Success, effectPipe } from 'pure-effect';
import { billing, mailer } from './services';

interface Subscription {
    id: string;
    customer: string;
    plan: string;
    amount: number;
}

const renewOne = (sub: Subscription) => {
    const cmdChargeRenewal = () => billing.charge(sub.customer, sub.amount);
    return Command(cmdChargeRenewal);
};

const renewAll = (due: Subscription[]) => Parallel(due.map(renewOne), (receipts) => Success({ due, receipts }));

const mailSummary = ({ due, receipts }: { due: Subscription[]; receipts: unknown[] }) => {
    const cmdMailSummary = () => mailer.send('billing-team', { due: due.length, renewed: receipts.length });
    return Command(cmdMailSummary);
};

export const renewalsFlow = (due: Subscription[]) => effectPipe(renewAll, mailSummary)(due);
`;

const SERVICES = `
export const billing = {
    charge(customer: string, amount: number) {
        if (customer === 'cus_Declined') throw Object.assign(new Error('card_declined: insufficient funds'), { code: 'card_declined' });
        return { chargeId: 'ch_' + customer, amount };
    }
};
export const mailer = { send: (to: string, body: unknown) => ({ sent: true, to, body }) };
`;

export const DUE = [
  { id: 'sub_1', customer: 'cus_Ada', plan: 'gold', amount: 4900 },
  { id: 'sub_2', customer: 'cus_Bo', plan: 'basic', amount: 900 },
  { id: 'sub_3', customer: 'cus_Declined', plan: 'gold', amount: 4900 },
  { id: 'sub_4', customer: 'cus_Cy', plan: 'basic', amount: 900 }
];

/** The recorded trace, as JSON text a person would drop. */
export async function recordRenewals(): Promise<string> {
  const files = [
    { name: 'flow.ts', text: RENEWALS_FLOW },
    { name: 'services.ts', text: SERVICES }
  ];
  const { exports } = loadFlowModule(files, 'flow.ts', runtime);
  const flow = (exports as { renewalsFlow: (due: unknown) => unknown }).renewalsFlow;
  const { trace } = await recordEffect(flow as never, DUE, { context: { flowName: 'renewals' } });
  return JSON.stringify(trace);
}
