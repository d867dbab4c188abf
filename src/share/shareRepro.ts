// The Share dialog's repro check: what leaves (the incident redacted by the rules in effect, with
// any stand-ins chosen) is replayed against the recorded code in the sandbox, beside the unredacted
// incident, and the two are compared by "fails the same way" (core/minimize/reproCheck.ts). The link,
// the capsule and the encrypted capsule all carry that one redacted trace, so one check covers all
// three.
import type { TraceModel } from '../core/trace/model';
import type { ReproCheck } from '../core/minimize/reproCheck';
import { traceIdentity } from '../core/trace/identity';
import { rulesFor } from '../stores/redactionStore';
import { recordedReplayer } from '../app/replay/recordedReplay';
import { pseudonymizerFor } from './buildShared';

export type ShareRepro = { readonly kind: 'checked'; readonly check: ReproCheck } | { readonly kind: 'unchecked'; readonly reason: string };

/** How many redaction variants the search for the culprit rules may replay. */
const RULE_BUDGET = 48;

export async function checkShareRepro(model: TraceModel, signal: AbortSignal): Promise<ShareRepro> {
  const replayer = recordedReplayer(model, signal);
  if (!replayer) return { kind: 'unchecked', reason: "Not checked: the flow's source is not open, and the check replays it." };
  try {
    const traceId = traceIdentity(model);
    const raw = await replayer.raw();
    const original = await replayer.replay(raw);
    if (!original) return { kind: 'unchecked', reason: 'Not checked: the incident itself does not replay with this code (see the verdict).' };
    const [{ checkRedaction }, { notMinimizable }, pseudonymize] = await Promise.all([import('../core/minimize/reproCheck'), import('../core/minimize/minimize'), pseudonymizerFor(traceId)]);
    // Nothing to keep when the incident's own replay ends in a replay fault: there is no failure of the flow's own to compare.
    const refused = notMinimizable(original);
    if (refused) return { kind: 'unchecked', reason: `Not checked: ${refused}.` };
    const check = await checkRedaction(raw, rulesFor(traceId), pseudonymize, (t) => replayer.replay(t), original, replayer.files, { budget: RULE_BUDGET, parallel: replayer.parallel });
    return { kind: 'checked', check };
  } finally {
    replayer.close();
  }
}
