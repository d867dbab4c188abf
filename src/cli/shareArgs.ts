// Command-line parsing for `timescope share …`: the incident, the flow's files, the app's public
// address, and the format-preserving stand-ins a failed repro check offers. Strict, as the others.
import { optional, strictParse } from './argv';
import { STAND_IN_KINDS, type StandInKind } from '../core/redact/standIn';

export const SHARE_APP_ENV = 'TIMESCOPE_APP_URL';

export const SHARE_USAGE = `Usage: timescope share <trace.json|incident.zip|incident.capsule.enc> [flow.ts|js …] [options]

A link a person opens in Timescope at the same step, with personal data replaced by
the app's default rules (emails, cards, tokens, keys…), checked before it leaves:
the redacted incident is replayed against the flow's code in the sandbox beside the
incident itself, and must still fail the same way (the same outcome and error, at
the same step, asking the same recorded Commands). When it does not, it names the
rules and the line that reads the field, and a stand-in that keeps the format when
one restores the repro: give it back with --stand-in.

Options:
  --app URL             the app's public address (or ${SHARE_APP_ENV}); a link for
                        others never points at this machine by default
  --step N              the step the link opens at, 1-based
  --no-source           leave the flow's files out of the link
  --stand-in TYPE=KIND  values of this token type get a stand-in that keeps their
                        format (KIND: ${STAND_IN_KINDS.join(', ')}); repeat for more
  --key KEY             an encrypted capsule's key
  --json                the answer as one JSON object (link, redacted, repro),
                        as the MCP tool share_link gives it
  -h, --help            show this help

Exit status: 0 the redacted incident still fails the same way (or could not be
checked: no flow code); 1 it fails otherwise (the link is printed all the same);
2 unusable input.`;

export interface ShareArgs {
  readonly trace: string;
  readonly sources: readonly string[];
  readonly appUrl: string;
  readonly step?: number;
  readonly includeSource: boolean;
  readonly standIns: Readonly<Record<string, StandInKind>>;
  readonly key?: string;
  readonly json: boolean;
}

export type ShareParsed =
  | { readonly kind: 'share'; readonly args: ShareArgs }
  | { readonly kind: 'help'; readonly text: string }
  | { readonly kind: 'usage-error'; readonly message: string; readonly usage: string };

export function parseShare(argv: readonly string[], env: Readonly<Record<string, string | undefined>>): ShareParsed {
  const parsed = strictParse(argv, {
    json: { type: 'boolean' },
    app: { type: 'string' },
    step: { type: 'string' },
    'no-source': { type: 'boolean' },
    'stand-in': { type: 'string', multiple: true },
    key: { type: 'string' },
    help: { type: 'boolean', short: 'h' }
  });
  const usage = (message: string): ShareParsed => ({ kind: 'usage-error', message, usage: SHARE_USAGE });
  if (typeof parsed === 'string') return usage(parsed);
  const { values, positionals } = parsed;
  if (values.help) return { kind: 'help', text: SHARE_USAGE };
  const [trace, ...sources] = positionals;
  if (trace === undefined) return usage('missing <trace.json>');
  const appUrl = (values.app as string | undefined) ?? env[SHARE_APP_ENV];
  if (!appUrl) return usage(`set the app's public address: --app URL, or ${SHARE_APP_ENV} (where your team hosts Timescope's build)`);
  if (!/^https?:\/\/[^/]/i.test(appUrl) || !URL.canParse(appUrl)) return usage(`--app takes an http(s) URL, got '${appUrl}'`);
  const stepText = values.step as string | undefined;
  if (stepText !== undefined && (!/^\d+$/.test(stepText) || Number(stepText) < 1)) return usage(`--step takes a step number from 1, got '${stepText}'`);
  const standIns: Record<string, StandInKind> = {};
  for (const pair of (values['stand-in'] as string[] | undefined) ?? []) {
    const m = /^([A-Za-z0-9_-]{1,32})=([a-z]+)$/.exec(pair);
    if (!m || !(STAND_IN_KINDS as readonly string[]).includes(m[2]!)) return usage(`--stand-in takes TYPE=KIND with KIND one of ${STAND_IN_KINDS.join(', ')}, got '${pair}'`);
    standIns[m[1]!] = m[2] as StandInKind;
  }
  return {
    kind: 'share',
    args: {
      trace,
      sources,
      appUrl,
      ...(stepText !== undefined ? { step: Number(stepText) } : {}),
      includeSource: values['no-source'] !== true,
      standIns,
      ...optional('key', values.key as string | undefined),
      json: values.json === true
    }
  };
}
