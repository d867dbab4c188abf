// Sizes for the sharing note (issue 9): per fixture case, the trace.json as stored and gzip -9 of
// it, beside the incident link and the capsule, with the trace alone and with everything (the flow
// and services sources, the first variant as an edit, notes, context). `npx tsx bench/share-sizes.ts`
import { gzipSync } from 'node:zlib';
import { buildCapsule } from '../src/core/share/capsule';
import { encodeLink, limitsPassed } from '../src/core/share/link';
import { fixtureIncidents, traceOnly } from '../src/core/share/test-support/fixtureIncidents';

// A fixed time, so the capsule's bytes are the same on every run.
const createdAt = new Date('2026-12-01T12:00:00.000Z');
const rows = fixtureIncidents().map((c) => {
  const trace = Buffer.from(c.traceText);
  const linkAlone = encodeLink(traceOnly(c.payload)).length;
  const linkAll = encodeLink(c.payload).length;
  return {
    case: c.name,
    'trace.json': trace.length,
    'gzip -9': gzipSync(trace, { level: 9 }).length,
    'link (trace)': linkAlone,
    'link (all)': linkAll,
    'capsule (trace)': buildCapsule(traceOnly(c.payload), { createdAt }).length,
    'capsule (all)': buildCapsule(c.payload, { createdAt }).length,
    'link (all) passes': limitsPassed(linkAll).map((l) => l.name).join(', ') || '—'
  };
});

const columns = Object.keys(rows[0]!) as (keyof (typeof rows)[number])[];
console.log(`| ${columns.join(' | ')} |`);
console.log(`| ${columns.map((k) => (k === 'case' || k === 'link (all) passes' ? '---' : '---:')).join(' | ')} |`);
for (const r of rows) console.log(`| ${columns.map((k) => r[k]).join(' | ')} |`);
console.log('\nLinks are the #incident=… fragment in characters (ASCII, so bytes), without the page address.');
