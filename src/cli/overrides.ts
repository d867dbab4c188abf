// `timescope replay … --override <path>=<json>` and `--override-file overrides.json`: what-if
// overrides of recorded outcomes (src/core/whatif), applied to the trace before the replay. A
// capsule's own overrides.json comes first; those given on the command line are added after it, a
// later one for the same step replacing the earlier. The replay reads the changed trace; the trace
// file itself is never touched.
import { applyOverrides, type StepOverride } from '../core/whatif/apply';
import { overrideOutcomeText, overrideWhereText, whatIfCountText } from '../core/whatif/describe';
import { parseOverrideArg } from '../core/whatif/form';
import { InputError, readJson } from './files';
import type { ReplayInput } from './types';

export interface OverrideArgs {
  /** each --override, as given */
  readonly overrides?: readonly string[];
  readonly overrideFile?: string;
}

/** The overrides in an --override-file, validated with the contract's schema; errors name the file and the entry. */
async function fromFile(cwd: string, file: string): Promise<StepOverride[]> {
  const value = readJson(cwd, file, 'override file');
  if (!Array.isArray(value)) throw new InputError(`override file '${file}' must hold a JSON array of overrides, such as [{"at": "2", "kind": "result", "value": {…}}]`);
  const { overridesSchema } = await import('../core/whatif/overrides');
  const parsed = overridesSchema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const [entry, ...where] = issue.path.map(String);
  const field = where.length ? ` (${where.join('.')})` : '';
  const message = issue.message.replace(/^Invalid input: /, '');
  throw new InputError(`override file '${file}': entry ${entry}${field}: ${message}`);
}

function merged(lists: readonly (readonly StepOverride[])[]): StepOverride[] {
  const byAt = new Map<string, StepOverride>();
  for (const list of lists) for (const o of list) byAt.set(o.at, o);
  return [...byAt.values()];
}

/** The overrides an --override-file and the --override arguments give, in that order, a later one for a step replacing the earlier. */
export async function readOverrides(cwd: string, args: OverrideArgs, first: readonly StepOverride[] = []): Promise<StepOverride[]> {
  const given = (args.overrides ?? []).map((arg) => {
    const parsed = parseOverrideArg(arg);
    if (!parsed.ok) throw new InputError(`--override ${parsed.message}`);
    return parsed.value;
  });
  const file = args.overrideFile !== undefined ? await fromFile(cwd, args.overrideFile) : [];
  return merged([first, file, given]);
}

/** A line for stderr: what the what-if changes, by where and how (the step's Command is in each trace, not here). */
export function overridesText(overrides: readonly StepOverride[]): string {
  return `${whatIfCountText(overrides.length)}: ${overrides.map((o) => `${overrideWhereText(o.at)} ${overrideOutcomeText(o)}`).join('; ')}`;
}

/**
 * The input with the overrides applied to its trace, and a line for stderr that says what changed;
 * unchanged when there are none. An override that does not fit the trace is an input error.
 */
export async function withOverrides(cwd: string, args: OverrideArgs, input: ReplayInput & { readonly overrides?: readonly StepOverride[] }): Promise<{ input: ReplayInput; overrides: StepOverride[] }> {
  const overrides = await readOverrides(cwd, args, input.overrides);
  if (!overrides.length) return { input, overrides };
  const { trace, problems } = applyOverrides(input.trace, overrides);
  if (problems.length) throw new InputError(`the what-if does not fit the trace: ${problems.join('; ')}`);
  const entries = (input.trace as { trace?: unknown }).trace;
  const nameAt = (at: string) => {
    const position = /^#(\d+)$/.exec(at);
    const list = Array.isArray(entries) ? entries : Array.isArray(input.trace) ? input.trace : [];
    const e = (position ? list[Number(position[1])] : list.find((x: { path?: unknown }) => x?.path === at)) as { command?: unknown } | undefined;
    return typeof e?.command === 'string' ? `${e.command} (${overrideWhereText(at)})` : overrideWhereText(at);
  };
  const lines = overrides.map((o) => `${nameAt(o.at)} ${overrideOutcomeText(o)}`);
  return {
    input: { ...input, trace, traceText: JSON.stringify(trace), notices: [...input.notices, `${whatIfCountText(overrides.length)}: ${lines.join('; ')}`] },
    overrides
  };
}
