// --baseline: the flow production ran, beside the change being replayed. Its own module, so that
// input.ts (JSON traces) and capsule.ts (capsules) both use it without importing each other.
import type { SourceFile } from '../core/source/locate';
import { readSources } from './files';
import type { ReplayArgs } from './types';

/** --baseline: the files with the flow's replaced by the one production ran (named as the flow is, so its imports resolve alike). */
export function baselineOf(cwd: string, args: ReplayArgs, files: readonly SourceFile[]): { files: SourceFile[]; entry: string } | undefined {
  if (args.baseline === undefined) return undefined;
  const flow = files[0];
  if (!flow) return undefined;
  const [read] = readSources(cwd, [args.baseline]).files;
  return { files: [{ name: flow.name, text: read!.text }, ...files.slice(1)], entry: flow.name };
}
