// What a replay runs on: the trace, the flow's files, and the context and export to use, from a
// JSON trace with source files, or from a capsule (capsule.ts), encrypted or not (decrypted with
// --key first). Messages name the file at fault.
import { isZip } from '../core/share/zipDirectory';
import { decryptCapsule, looksEncrypted } from '../core/share/encrypted';
import { keyInText } from '../core/share/capsuleAddress';
import type { ReplayArgs, ReplayInput } from './types';
import { baselineOf } from './baseline';
import { checkTrace, InputError, parseJson, readBytes, readJson, readSources } from './files';

export async function loadInput(cwd: string, args: ReplayArgs): Promise<ReplayInput> {
  const bytes = readBytes(cwd, args.trace, 'trace file');
  const view = new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (looksEncrypted(view)) {
    if (args.key === undefined) throw new InputError(`'${args.trace}' is an encrypted capsule: give its key with --key, the part after #key= in the link it came with`);
    const opened = await decryptCapsule(view, keyInText(args.key));
    if (!opened.ok) throw new InputError(`cannot decrypt '${args.trace}': ${opened.message}`);
    const { loadCapsule } = await import('./capsule');
    return loadCapsule(opened.zip, cwd, args);
  }
  if (args.key !== undefined) throw new InputError(`--key decrypts an encrypted capsule; '${args.trace}' is not one, so it needs no key`);
  if (isZip(bytes)) {
    // Loaded only for capsules: a JSON trace's replay never pays for zod and fflate.
    const { loadCapsule } = await import('./capsule');
    return loadCapsule(view, cwd, args);
  }
  if (args.edited) throw new InputError(`--edited applies to a capsule (.zip); '${args.trace}' is a JSON trace, replayed against the files given after it`);
  // As readFileSync(file, 'utf8') reads it: a BOM is kept and invalid UTF-8 becomes U+FFFD.
  const traceText = bytes.toString('utf8');
  const trace = parseJson(traceText, args.trace, 'trace file');
  checkTrace(trace, args.trace);
  const context = args.context !== undefined ? readJson(cwd, args.context, 'context file') : undefined;
  const { files, display } = readSources(cwd, args.sources);
  const incident = baselineOf(cwd, args, files);
  return {
    traceText,
    trace,
    files,
    display,
    entry: files[0]!.name, // the first source file is the flow, by the usage line
    ...(incident ? { incident } : {}),
    ...(context !== undefined ? { context } : {}),
    ...(args.exportName !== undefined ? { exportName: args.exportName } : {}),
    notices: []
  };
}
