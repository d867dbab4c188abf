// `timescope replay incident.zip`: a debug capsule's trace, replayed against the sources inside it
// (the originals, or with --edited the person's edits), with the capsule's context and export.
// Source files given after the capsule replace its sources, for replaying against a checkout.
import { readCapsule } from '../core/share/capsule';
import { payloadSources } from '../core/share/payload';
import { checkTrace, InputError, parseJson, readJson, readSources } from './files';
import { baselineOf } from './baseline';
import type { ReplayArgs, ReplayInput } from './types';

export function loadCapsule(bytes: Uint8Array, cwd: string, args: ReplayArgs): ReplayInput {
  const file = args.trace;
  const read = readCapsule(bytes);
  if (!read.ok) throw new InputError(`cannot replay capsule '${file}': ${read.message}`);
  const { payload } = read;
  // As written in the zip: numbers past 2^53 stay exact, which JSON.stringify of the parsed trace would round.
  const { traceText } = read;
  checkTrace(payload.trace, `${file}:trace.json`);
  const notices: string[] = [];
  if (payload.redaction?.applied) {
    const rules = payload.redaction.rules.length > 0 ? ` (${payload.redaction.rules.join(', ')})` : '';
    notices.push(`'${file}' was redacted before sharing${rules}: values in the trace may be stand-ins such as <email:3f2a1c>.`);
  }

  const context = args.context !== undefined ? readJson(cwd, args.context, 'context file') : payload.context !== undefined ? parseJson(payload.context, `${file}:context.json`, 'context') : undefined;
  const exportName = args.exportName ?? payload.exportName;
  const rest = {
    traceText,
    trace: payload.trace,
    ...(context !== undefined ? { context } : {}),
    ...(exportName !== undefined ? { exportName } : {}),
    ...(payload.overrides?.length ? { overrides: payload.overrides } : {})
  };

  if (args.sources.length > 0) {
    const { files, display } = readSources(cwd, args.sources);
    const baseline = baselineOf(cwd, args, files);
    const incident = baseline ?? (payload.facts ? { facts: payload.facts } : undefined);
    return { ...rest, files, display, entry: files[0]!.name, notices, ...(incident ? { incident } : {}) };
  }
  const edited = Object.keys(payload.edits ?? {});
  if (!payload.sources?.length) {
    // explain tells what the recording (and the facts it carries) shows without any code.
    if (args.sourcesOptional) return { ...rest, files: [], display: new Map(), notices, ...(payload.facts ? { incident: { facts: payload.facts } } : {}) };
    throw new InputError(`capsule '${file}' holds no source files (it was shared without its flow source); give the flow's file after it: timescope replay ${file} flow.ts`);
  }
  if (args.edited && edited.length === 0) throw new InputError(`capsule '${file}' holds no edited sources; replay it without --edited`);
  if (!args.edited && edited.length > 0) notices.push(`'${file}' also holds edited sources (${edited.join(', ')}); add --edited to replay those instead of the originals.`);
  const files = payloadSources(payload, args.edited === true);
  // Production's facts beside the edits: the original sources replayed too, else the facts the capsule carries.
  const incident = args.edited ? { files: payloadSources(payload, false) } : payload.facts ? { facts: payload.facts } : undefined;
  const folder = (name: string) => (args.edited && payload.edits?.[name] !== undefined ? 'edits' : 'sources');
  const display = new Map(files.map((f) => [f.name, `${file}:${folder(f.name)}/${f.name}`] as const));
  // No entry: the runner picks the flow file among them as the app does, so both replay the same.
  return { ...rest, files, display, notices, ...(incident ? { incident } : {}) };
}
