// Redaction proven against the repro: before an incident leaves (a link, a capsule, an MCP share),
// its redacted form is replayed against the recorded code and compared with the unredacted replay
// (sameFailure.ts). When masking a value changes what the flow does (an email check, a Luhn check,
// an id's prefix), delta debugging over the rules that fired finds which ones do it, the flow's line
// that reads the field is named, and format-preserving stand-ins (standIn.ts) for those rules are
// tried: the fix is offered only when it restores the repro. Pure: the replay is the caller's.
import { redactTrace } from '../redact/trace';
import { detectorRuleId, keyRuleId, pathRuleId, type RedactionRules } from '../redact/rules';
import type { Pseudonymize } from '../redact/pseudonym';
import { parsePointer } from '../redact/paths';
import { standInFor, withStandIns, type StandInKind } from '../redact/standIn';
import { ddmin } from './ddmin';
import { NO_ANSWER, sameSignature, type FailureSignature } from './sameFailure';
import type { ReplayCandidate } from './minimize';

export interface SourceText {
  readonly name: string;
  readonly text: string;
}

export interface ReproCheck {
  /** the redacted incident still fails the same way */
  readonly same: boolean;
  /** one line for people: the dialog, the CLI, an agent */
  readonly text: string;
  /** how the redacted replay differs */
  readonly why?: string;
  /** the rules whose redaction changes the failure, each needed (ddmin over the rules that fired) */
  readonly rules?: readonly string[];
  /** the fields those rules replaced (JSON pointers into the trace) */
  readonly fields?: readonly string[];
  /** the flow's line that reads such a field */
  readonly where?: { readonly file: string; readonly line: number; readonly field: string };
  /** stand-ins for those rules' token types; `restores` when the incident so redacted fails the same way */
  readonly fix?: { readonly standIns: Readonly<Record<string, StandInKind>>; readonly restores: boolean };
}

const STILL = 'The redacted incident still fails the same way ✓';
/** Rounds of the culprit search (each finds the rules that still break it once the earlier ones have stand-ins). */
const MAX_ROUNDS = 4;

/** `rules` with only the rules (by id) in `keep`. */
export function onlyRules(rules: RedactionRules, keep: ReadonlySet<string>): RedactionRules {
  return {
    keys: rules.keys.filter((k) => keep.has(keyRuleId(k))),
    detectors: rules.detectors.filter((d) => keep.has(detectorRuleId(d))),
    paths: rules.paths.filter((p) => keep.has(pathRuleId(p)))
  };
}

/** The token type a rule gives its values (what a stand-in is chosen for). */
function typeOfRule(rules: RedactionRules, id: string): string | undefined {
  const key = rules.keys.find((k) => keyRuleId(k) === id);
  if (key) return key.type ?? key.name;
  const detector = rules.detectors.find((d) => detectorRuleId(d) === id);
  if (detector) return detector;
  const path = rules.paths.find((p) => pathRuleId(p) === id);
  if (path) return path.type ?? String(parsePointer(path.pointer)?.at(-1) ?? 'redacted');
  return undefined;
}

/** The value at a JSON pointer of the raw trace (the sample a stand-in is chosen by). */
function valueAt(raw: unknown, pointer: string): unknown {
  let at: unknown = raw;
  for (const seg of parsePointer(pointer) ?? []) at = at === null || typeof at !== 'object' ? undefined : (at as Record<string, unknown>)[String(seg)];
  return at;
}

/** The first line of the flow's files that reads `field` as a property (`.email`, `["email"]`), skipping type declarations. */
export function lineReading(files: readonly SourceText[], field: string): { file: string; line: number } | undefined {
  const escaped = field.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const read = new RegExp(`(\\?\\.|\\.)${escaped}\\b|\\[\\s*['"\`]${escaped}['"\`]\\s*\\]|\\{[^}]*\\b${escaped}\\b[^}]*\\}\\s*=`);
  for (const f of files) {
    const lines = f.text.split('\n');
    for (let i = 0; i < lines.length; i++) if (read.test(lines[i]!)) return { file: f.name, line: i + 1 };
  }
  return undefined;
}

export async function checkRedaction(
  raw: Record<string, unknown>,
  rules: RedactionRules,
  pseudonymize: Pseudonymize,
  replay: ReplayCandidate,
  original: FailureSignature,
  files: readonly SourceText[],
  options: { readonly budget?: number; readonly parallel?: number } = {}
): Promise<ReproCheck> {
  const redacted = await redactTrace(raw, rules, pseudonymize);
  const differs = async (trace: unknown) => sameSignature(original, (await replay(trace as Record<string, unknown>)) ?? NO_ANSWER);
  const whole = await differs(redacted.trace);
  if (whole.same) return { same: true, text: STILL };

  // Which rules do it, in rounds. Delta debugging gives one smallest set of the fired rules whose
  // redaction alone changes the failure; but two rules can each break it on their own (an email
  // check, then a Luhn check), and one round would name only the first. So each round gives the
  // culprits found so far their stand-ins, and looks among the other rules for what still breaks
  // it, until the whole redaction with stand-ins fails the same way, or a round finds nothing new
  // (a culprit no stand-in can save).
  const fired = redacted.report.fired.map((f) => f.rule);
  const budget = { left: options.budget ?? 64 };
  const culprits: string[] = [];
  const standIns: Record<string, StandInKind> = {};
  const withFound = () => (Object.keys(standIns).length ? withStandIns(pseudonymize, { types: standIns }) : pseudonymize);
  let restores = false;
  for (let round = 0; round < MAX_ROUNDS && budget.left > 0; round++) {
    const others = fired.filter((id) => !culprits.includes(id));
    const p = withFound();
    const breaks = async (subset: readonly string[]) => {
      budget.left--;
      return !(await differs((await redactTrace(raw, onlyRules(rules, new Set([...subset, ...culprits])), p)).trace)).same;
    };
    // The culprits found so far, with their stand-ins and nothing else redacted, still break it: no stand-in saves them.
    if (round > 0 && (await breaks([]))) break;
    const found = await ddmin(others, breaks, { budget: budget.left, ...(options.parallel ? { parallel: options.parallel } : {}) });
    if (found.kept.length === 0) break;
    culprits.push(...found.kept);
    // Each rule's kind is chosen by a value that rule itself replaced (an email rule by an email, a
    // card rule by a card), not by whichever culprit's field comes first.
    for (const id of found.kept) {
      const type = typeOfRule(rules, id);
      if (!type || standIns[type]) continue;
      const own = (await redactTrace(raw, onlyRules(rules, new Set([id])), pseudonymize)).report.changedPaths;
      const kind = standInFor(type, own.length ? valueAt(raw, own[0]!) : undefined);
      if (kind) standIns[type] = kind;
    }
    if (!Object.keys(standIns).length) break;
    budget.left--;
    restores = (await differs((await redactTrace(raw, rules, withFound())).trace)).same;
    if (restores) break;
  }
  const alone = await redactTrace(raw, onlyRules(rules, new Set(culprits)), pseudonymize);
  const fields = alone.report.changedPaths;
  const names = [...new Set(fields.map((p) => String(parsePointer(p)?.at(-1) ?? p)))];
  const where = names.map((field) => ({ field, at: lineReading(files, field) })).find((x) => x.at);

  const fieldText = names.map((n) => `\`${n}\``).join(', ') || 'a value';
  const whereText = where?.at ? `: ${where.at.file}:${where.at.line} reads ${where.field}` : '';
  const fixText = restores ? `; a stand-in that keeps its format (${Object.values(standIns).join(', ')}) fails the same way` : '';
  return {
    same: false,
    text: `Redacting ${fieldText} changes the failure (${whole.why})${whereText}${fixText}.`,
    why: whole.why,
    rules: culprits,
    fields,
    ...(where?.at ? { where: { ...where.at, field: where.field } } : {}),
    ...(Object.keys(standIns).length ? { fix: { standIns, restores } } : {})
  };
}
