// Every shared fixture case as an incident to share: its trace, its flow and services as sources,
// its first variant as the edit of the flow, notes and a context. Test-only (Node's fs).
import { FIXTURES, exists, join, listDir, readJson, readText } from '../../trace/test-support/files';
import type { IncidentPayload } from '../payload';

interface CaseJson {
  title?: string;
  demonstrates?: string;
  trace?: string;
  context?: unknown;
  variants?: { name: string; file: string }[];
}

export interface FixtureIncident {
  readonly name: string;
  readonly dir: string;
  readonly traceFile: string;
  /** the trace file's text as stored */
  readonly traceText: string;
  /** the trace, its sources, an edit, notes, a step and the case's context */
  readonly payload: IncidentPayload;
}

const SOURCE_FILE = /^(flow|services)\.[a-z]+$/;

export function fixtureIncidents(): FixtureIncident[] {
  return listDir(FIXTURES)
    .filter((name) => exists(join(FIXTURES, name, 'case.json')))
    .map((name) => {
      const dir = join(FIXTURES, name);
      const c = readJson(join(dir, 'case.json')) as CaseJson;
      const traceFile = c.trace ? join(dir, c.trace) : join(dir, 'expected', 'trace.json');
      const traceText = readText(traceFile);
      const files = listDir(dir).filter((f) => SOURCE_FILE.test(f));
      // flow.* first, as the app orders them
      files.sort((a, b) => Number(b.startsWith('flow.')) - Number(a.startsWith('flow.')));
      const sources = files.map((f) => ({ name: f, text: readText(join(dir, f)) }));
      const variant = c.variants?.[0];
      const payload: IncidentPayload = {
        v: 1,
        trace: JSON.parse(traceText) as IncidentPayload['trace'],
        sources,
        ...(variant ? { edits: { [sources[0]!.name]: readText(join(dir, variant.file)) } } : {}),
        step: 0,
        notes: {
          ...(c.title !== undefined ? { title: c.title } : {}),
          ...(c.demonstrates !== undefined ? { summary: c.demonstrates } : {}),
          steps: { '0': { text: 'The first step — with a “quote” and ünïcödé.', starred: true } }
        },
        ...(c.context !== undefined ? { context: JSON.stringify(c.context) } : {}),
        redaction: { applied: false, rules: [] }
      };
      return { name, dir, traceFile, traceText, payload };
    });
}

/** The same incident with the trace alone, as a link without "Include flow source". */
export function traceOnly(payload: IncidentPayload): IncidentPayload {
  return { v: 1, trace: payload.trace };
}
