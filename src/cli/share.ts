// `timescope share`: the redacted link, and the check that the redacted incident still fails the
// same way, as the MCP tool share_link answers them (one function, mcp/tools.ts shareLink), for a
// person at a terminal or a CI step that must not post a link that reproduces something else.
import path from 'node:path';
import { shareLink } from './mcp/tools';
import type { ShareArgs } from './shareArgs';
import type { CliIo } from './types';

interface Repro {
  readonly checked: boolean;
  readonly same?: boolean;
  readonly text: string;
}

export async function share(args: ShareArgs, io: CliIo): Promise<number> {
  const incident = { id: 'cli', file: args.trace, flowFiles: args.sources.map((f) => path.resolve(io.cwd, f)), ...(args.key !== undefined ? { key: args.key } : {}) };
  const answer = await shareLink(incident, io.cwd, args.appUrl, args.includeSource, args.step, args.standIns);
  const repro = answer.repro as Repro;
  if (args.json) io.stdout(`${JSON.stringify(answer, null, 2)}\n`);
  else {
    const redacted = answer.redacted as { replacements: number; fired: readonly { rule: string; count: number }[] };
    const what = redacted.replacements ? `Redacted ${redacted.replacements} value${redacted.replacements === 1 ? '' : 's'} (${redacted.fired.map((f) => `${f.rule} ×${f.count}`).join(', ')}).` : 'Redaction found no personal data to replace.';
    io.stdout(`${String(answer.link)}\n\n${what}\n${repro.text}\n`);
  }
  return repro.checked && repro.same === false ? 1 : 0;
}
