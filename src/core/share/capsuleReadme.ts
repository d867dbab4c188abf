// README.md inside a capsule: someone who finds the .zip in a ticket learns what it is and how to
// open it, without knowing Timescope.
import type { CapsuleManifest } from './manifest';
import type { IncidentPayload } from './payload';

export function capsuleReadme(manifest: CapsuleManifest, payload: IncidentPayload): string {
  const flow = manifest.flowName ? `the flow '${manifest.flowName}'` : 'a flow';
  const build = manifest.version ? ` at build ${manifest.version}` : '';
  const sources = payload.sources?.length ?? 0;
  const edits = Object.keys(payload.edits ?? {}).length;
  const redaction = manifest.redaction.applied
    ? `Personal data was redacted before sharing, with these rules: ${manifest.redaction.rules.join(', ') || '(none named)'}.`
    : 'Nothing was redacted: treat this file as you would the production data it came from.';
  const lines = [
    `# ${manifest.title ?? 'Timescope incident'}`,
    '',
    `A Timescope debug capsule: a recorded trace of ${flow}${build}, made ${manifest.createdAt}.`,
    redaction,
    ...(manifest.minimized
      ? [
          '',
          `Minimized by delta debugging: ${manifest.minimized.kept} (${manifest.minimized.replays} replays). ` +
            (manifest.minimized.minimal
              ? 'It is 1-minimal: without any one of the values left it no longer fails the same way, so each is part of what the failure depends on.'
              : 'It is not proven minimal: the minimizer stopped before it was done.')
        ]
      : []),
    '',
    '## Open it',
    '',
    '- In Timescope: drop this .zip on the page. The code inside is shown, and runs only when you press Replay.',
    '- In a terminal: `npx timescope replay incident.zip` (this file\'s name) replays the trace against the sources inside' +
      (edits > 0 ? '; add `--edited` to replay the edited versions.' : '.'),
    '  Give your own source files after it to replay against those instead: `npx timescope replay incident.zip src/flows/checkout.ts`.',
    '',
    '## Inside',
    '',
    '- `manifest.json`: what this is, and the list of files below.',
    '- `trace.json`: the recorded trace, as pure-effect wrote it.'
  ];
  if (sources > 0) lines.push(`- \`sources/\`: the flow's source files as they were loaded (${sources}).`);
  if (edits > 0) lines.push(`- \`edits/\`: the files as the person last edited them (${edits}).`);
  if (payload.notes) lines.push('- `notes.json`: the title, the summary, and notes and stars on steps.');
  if (payload.context !== undefined) lines.push('- `context.json`: the replay context that was set instead of the recorded one.');
  if (payload.overrides?.length) {
    lines.push(`- \`overrides.json\`: what-if overrides of recorded outcomes (${payload.overrides.length}); replay with them: \`npx timescope replay incident.zip --override-file overrides.json\` after unzipping, or open the capsule in Timescope.`);
  }
  if (payload.facts) lines.push("- `facts.json`: what each step received in the replay of the recorded code, and what produced it, so the why shows before anything is replayed.");
  if (payload.logpoints) {
    lines.push(
      `- \`logpoints.json\`: logpoints (\`file:line=expression\`, ${payload.logpoints.points.length}) and the values pinned from them (${payload.logpoints.pinned.length}); Timescope shows them, and runs their expressions only when you press Replay.`
    );
  }
  return `${lines.join('\n')}\n`;
}
