// The debug capsule: the incident as a .zip, for what is too big for a link. Built and read here,
// as plain bytes; the app downloads and drops it, the CLI replays it.
//
//   manifest.json   what it is and which files follow (manifest.ts)
//   trace.json      the trace, pretty-printed so a person can read it unzipped
//   sources/<name>  the flow's files as loaded        edits/<name>  as last edited, if any
//   notes.json      title, summary, step notes        context.json  a replay context, if one was set
//   compare.json    a compare capsule's run B (trace.json is run A) and both labels
//   overrides.json  the what-if overrides, if any (the same array `timescope replay --override-file` reads)
//   logpoints.json  the logpoints and pinned hits, when the sender included them
//   README.md       how to open it
//
// Reading trusts nothing: names are checked for traversal and sizes against a cap from the zip's
// directory before anything is inflated, then every file is inflated with a cap and its CRC checked.
import { zipSync } from 'fflate';
import { capsuleReadme } from './capsuleReadme';
import { crc32 } from './crc32';
import { unsafeFileName } from './fileNames';
import { inflateCapped } from './inflateCapped';
import { describeIssues } from './issues';
import { CAPSULE_FILES, CAPSULE_SCHEMA, manifestSchema, type CapsuleManifest } from './manifest';
import { checkPayload, newerVersionMessage, notesSchema, type IncidentPayload } from './payload';
import { sizeText } from './sizeText';
import { overridesSchema } from '../whatif/overrides';
import { sharedLogpointsSchema } from './logpoints';
import { isZip, readZipDirectory, type ZipEntry } from './zipDirectory';

export { isZip } from './zipDirectory';

/** The most a capsule may unpack to. Higher than a link's cap: capsules are for big traces. */
export const DEFAULT_MAX_CAPSULE_BYTES = 256 * 1024 * 1024;

export type CapsuleProblemKind = 'not-a-zip' | 'truncated' | 'corrupt' | 'too-big' | 'unsafe-name' | 'missing-file' | 'unknown-version' | 'invalid';

type Failure = { readonly ok: false; readonly kind: CapsuleProblemKind; readonly message: string };

export type CapsuleRead =
  /** `traceText`: trace.json as it is in the zip, for the trace parser (which keeps numbers past 2^53 exact, as JSON.stringify of `payload.trace` cannot) */
  | { readonly ok: true; readonly payload: IncidentPayload; readonly manifest: CapsuleManifest; readonly traceText: string }
  | Failure;

const text = new TextEncoder();

function stringField(trace: unknown, key: 'flowName' | 'version'): string | undefined {
  const value = typeof trace === 'object' && trace !== null && !Array.isArray(trace) ? (trace as Record<string, unknown>)[key] : undefined;
  return typeof value === 'string' ? value : undefined;
}

/** The capsule's bytes. Throws when the payload is not a valid incident (a bug of the caller's). */
export function buildCapsule(payload: IncidentPayload, options: { createdAt?: Date; minimized?: CapsuleManifest['minimized'] } = {}): Uint8Array {
  const checked = checkPayload(payload);
  if (!checked.ok) throw new Error(`cannot build a capsule from this incident: ${checked.message}`);
  const p = checked.payload;
  const createdAt = options.createdAt ?? new Date();
  const files: [string, string][] = [[CAPSULE_FILES.trace, `${JSON.stringify(p.trace, null, 2)}\n`]];
  for (const s of p.sources ?? []) files.push([`${CAPSULE_FILES.sources}${s.name}`, s.text]);
  for (const [name, edited] of Object.entries(p.edits ?? {})) files.push([`${CAPSULE_FILES.edits}${name}`, edited]);
  if (p.notes) files.push([CAPSULE_FILES.notes, `${JSON.stringify(p.notes, null, 2)}\n`]);
  if (p.context !== undefined) files.push([CAPSULE_FILES.context, p.context]);
  if (p.compare) files.push([CAPSULE_FILES.compare, `${JSON.stringify(p.compare, null, 2)}\n`]);
  if (p.overrides?.length) files.push([CAPSULE_FILES.overrides, `${JSON.stringify(p.overrides, null, 2)}\n`]);
  if (p.facts) files.push([CAPSULE_FILES.facts, `${JSON.stringify(p.facts)}\n`]);
  if (p.logpoints) files.push([CAPSULE_FILES.logpoints, `${JSON.stringify(p.logpoints, null, 2)}\n`]);

  const flowName = stringField(p.trace, 'flowName');
  const version = stringField(p.trace, 'version');
  const manifest: CapsuleManifest = {
    schema: CAPSULE_SCHEMA,
    ...(p.notes?.title !== undefined ? { title: p.notes.title } : {}),
    ...(flowName !== undefined ? { flowName } : {}),
    ...(version !== undefined ? { version } : {}),
    createdAt: createdAt.toISOString(),
    redaction: p.redaction ?? { applied: false, rules: [] },
    files: [...files.map(([name]) => name), CAPSULE_FILES.readme],
    ...(p.step !== undefined ? { step: p.step } : {}),
    ...(p.exportName !== undefined ? { exportName: p.exportName } : {}),
    ...(options.minimized ? { minimized: options.minimized } : {})
  };
  files.push([CAPSULE_FILES.readme, capsuleReadme(manifest, p)]);
  // The default level (6): a capsule carries big traces, where level 9 costs time for a few percent.
  const zippable: Record<string, Uint8Array> = { [CAPSULE_FILES.manifest]: text.encode(`${JSON.stringify(manifest, null, 2)}\n`) };
  for (const [name, content] of files) zippable[name] = text.encode(content);
  return zipSync(zippable, { mtime: createdAt });
}

type Step<T> = { readonly ok: true; readonly value: T } | Failure;
const fail = (kind: CapsuleProblemKind, message: string): Failure => ({ ok: false, kind, message });

/** Names and sizes, from the directory alone: nothing is inflated until all of it passes. */
function checkEntries(entries: readonly ZipEntry[], maxBytes: number): Step<Map<string, ZipEntry>> {
  const byName = new Map<string, ZipEntry>();
  let total = 0;
  for (const e of entries) {
    const why = unsafeFileName(e.name.endsWith('/') ? e.name.slice(0, -1) : e.name);
    if (why) {
      return fail(
        'unsafe-name',
        `The capsule was refused: it holds a file named ${JSON.stringify(e.name)} (${why}). ` +
          'Timescope never writes such names; this zip was altered, or made to write outside the folder it is unpacked in.'
      );
    }
    if (byName.has(e.name)) return fail('corrupt', `The capsule is damaged: it holds two files named ${JSON.stringify(e.name)}.`);
    if (e.encrypted) return fail('corrupt', `The capsule cannot be read: ${JSON.stringify(e.name)} is encrypted with a zip password, which capsules never use.`);
    if (e.method !== 0 && e.method !== 8) return fail('corrupt', `The capsule cannot be read: ${JSON.stringify(e.name)} uses zip compression method ${e.method}; Timescope reads stored and deflated files.`);
    byName.set(e.name, e);
    total += e.size;
  }
  if (total > maxBytes) {
    return fail(
      'too-big',
      `The capsule was not opened: its files would unpack to ${sizeText(total)} (by its zip directory), more than the ${sizeText(maxBytes)} Timescope unpacks from a capsule. ` +
        'It may be made to exhaust memory (a "zip bomb").'
    );
  }
  return { ok: true, value: byName };
}

function inflateEntry(bytes: Uint8Array, e: ZipEntry): Step<string> {
  const data = bytes.subarray(e.dataStart, e.dataStart + e.compressedSize);
  let content: Uint8Array;
  if (e.method === 0) {
    if (data.length !== e.size) return fail('corrupt', `The capsule is damaged: ${e.name} is stored with ${data.length} bytes, but its zip directory says ${e.size}.`);
    content = data;
  } else {
    // The directory's size is the cap: a file that inflates past it lies about its size.
    const inflated = inflateCapped(data, e.size);
    if (!inflated.ok) {
      if (inflated.kind === 'too-big') {
        return fail('too-big', `The capsule was not opened: ${e.name} inflates to more than the ${sizeText(e.size)} its zip directory declares, so it may be made to exhaust memory (a "zip bomb").`);
      }
      return fail('corrupt', `The capsule is damaged: the compressed data of ${e.name} ${inflated.detail}.`);
    }
    content = inflated.bytes;
  }
  if (content.length !== e.size) return fail('corrupt', `The capsule is damaged: ${e.name} unpacks to ${content.length} bytes, but its zip directory says ${e.size}.`);
  if (crc32(content) !== e.crc) return fail('corrupt', `The capsule is damaged: ${e.name} does not match the checksum its zip directory records.`);
  try {
    return { ok: true, value: new TextDecoder('utf-8', { fatal: true }).decode(content) };
  } catch {
    return fail('invalid', `The capsule holds no valid incident: ${e.name} is not UTF-8 text.`);
  }
}

function parseJsonFile(name: string, content: string): Step<unknown> {
  try {
    return { ok: true, value: JSON.parse(content) };
  } catch (e) {
    return fail('invalid', `The capsule holds no valid incident: ${name} is not valid JSON (${e instanceof Error ? e.message : String(e)}).`);
  }
}

function checkManifest(value: unknown): Step<CapsuleManifest> {
  const schema = typeof value === 'object' && value !== null ? (value as { schema?: unknown }).schema : undefined;
  if (typeof schema === 'number' && Number.isInteger(schema) && schema > CAPSULE_SCHEMA) {
    return fail('unknown-version', `This capsule was ${newerVersionMessage(schema, 'capsule schema')}`);
  }
  const parsed = manifestSchema.safeParse(value);
  if (!parsed.success) return fail('invalid', `The capsule holds no valid incident: manifest.json: ${describeIssues(parsed.error)}.`);
  return { ok: true, value: parsed.data };
}

/** Read a capsule's bytes into the incident it carries. Never throws. */
export function readCapsule(bytes: Uint8Array, options: { maxBytes?: number } = {}): CapsuleRead {
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_CAPSULE_BYTES;
  if (!isZip(bytes)) return fail('not-a-zip', 'This is not a capsule: a capsule is a .zip file, and this file does not start like one.');
  const directory = readZipDirectory(bytes);
  if (!directory.ok) return fail(directory.kind, `The capsule ${directory.kind === 'truncated' ? 'is incomplete' : 'is damaged'}: the zip ${directory.detail}.`);
  const entries = checkEntries(directory.entries, maxBytes);
  if (!entries.ok) return entries;
  const byName = entries.value;

  const read = (name: string): Step<string> => {
    const e = byName.get(name);
    return e ? inflateEntry(bytes, e) : fail('missing-file', `The capsule is incomplete: manifest.json lists ${name}, which is not in the zip.`);
  };
  const readJson = (name: string): Step<unknown> => {
    const content = read(name);
    return content.ok ? parseJsonFile(name, content.value) : content;
  };

  if (!byName.has(CAPSULE_FILES.manifest)) {
    return fail('missing-file', 'This zip is not a Timescope capsule: it has no manifest.json at its top level.');
  }
  const manifestJson = readJson(CAPSULE_FILES.manifest);
  if (!manifestJson.ok) return manifestJson;
  const manifest = checkManifest(manifestJson.value);
  if (!manifest.ok) return manifest;
  const m = manifest.value;
  if (!byName.has(CAPSULE_FILES.trace)) {
    return fail('missing-file', 'The capsule is incomplete: it has no trace.json, the recorded trace it exists to carry.');
  }

  const traceText = read(CAPSULE_FILES.trace);
  if (!traceText.ok) return traceText;
  const trace = parseJsonFile(CAPSULE_FILES.trace, traceText.value);
  if (!trace.ok) return trace;
  const payload: Record<string, unknown> = { v: 1, trace: trace.value, redaction: m.redaction };
  const sources: { name: string; text: string }[] = [];
  const edits: Record<string, string> = {};
  // The manifest's list is the capsule's index: only the files it names are unpacked.
  for (const name of m.files) {
    const folder = name.startsWith(CAPSULE_FILES.sources) ? 'sources' : name.startsWith(CAPSULE_FILES.edits) ? 'edits' : undefined;
    const known = folder !== undefined || name === CAPSULE_FILES.notes || name === CAPSULE_FILES.context || name === CAPSULE_FILES.compare || name === CAPSULE_FILES.overrides || name === CAPSULE_FILES.facts || name === CAPSULE_FILES.logpoints;
    if (!known) {
      if (!byName.has(name)) return fail('missing-file', `The capsule is incomplete: manifest.json lists ${name}, which is not in the zip.`);
      continue;
    }
    const content = read(name);
    if (!content.ok) return content;
    if (folder === 'sources') sources.push({ name: name.slice(CAPSULE_FILES.sources.length), text: content.value });
    else if (folder === 'edits') edits[name.slice(CAPSULE_FILES.edits.length)] = content.value;
    else if (name === CAPSULE_FILES.context) payload.context = content.value;
    else if (name === CAPSULE_FILES.compare) {
      // Checked with the whole payload below (payload.ts's compareSchema).
      const compare = parseJsonFile(name, content.value);
      if (!compare.ok) return compare;
      payload.compare = compare.value;
    } else if (name === CAPSULE_FILES.facts) {
      // Checked with the whole payload below (payload.ts's factsSchema).
      const facts = parseJsonFile(name, content.value);
      if (!facts.ok) return facts;
      payload.facts = facts.value;
    } else if (name === CAPSULE_FILES.logpoints) {
      const logpoints = parseJsonFile(name, content.value);
      if (!logpoints.ok) return logpoints;
      const parsed = sharedLogpointsSchema.safeParse(logpoints.value);
      if (!parsed.success) return fail('invalid', `The capsule holds no valid incident: logpoints.json: ${describeIssues(parsed.error)}.`);
      payload.logpoints = parsed.data;
    } else if (name === CAPSULE_FILES.overrides) {
      const overrides = parseJsonFile(name, content.value);
      if (!overrides.ok) return overrides;
      const parsed = overridesSchema.safeParse(overrides.value);
      if (!parsed.success) return fail('invalid', `The capsule holds no valid incident: overrides.json: ${describeIssues(parsed.error)}.`);
      payload.overrides = parsed.data;
    } else {
      const notes = parseJsonFile(name, content.value);
      if (!notes.ok) return notes;
      const parsed = notesSchema.safeParse(notes.value);
      if (!parsed.success) return fail('invalid', `The capsule holds no valid incident: notes.json: ${describeIssues(parsed.error)}.`);
      payload.notes = parsed.data;
    }
  }
  if (sources.length > 0) payload.sources = sources;
  if (Object.keys(edits).length > 0) payload.edits = edits;
  if (m.step !== undefined) payload.step = m.step;
  if (m.exportName !== undefined) payload.exportName = m.exportName;
  const checked = checkPayload(payload);
  if (!checked.ok) return fail(checked.kind, `The capsule holds no valid incident: ${checked.message}.`);
  return { ok: true, payload: checked.payload, manifest: m, traceText: traceText.value };
}
