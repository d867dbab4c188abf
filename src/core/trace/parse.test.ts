// parseTraceText / parseTraceBytes: JSONL collections, BOMs, encodings.
import { describe, expect, test } from 'vitest';
import { parseTraceBytes, parseTraceText } from './parse';

const ok = (command: string, path: string | undefined, result: unknown = 1, durationMs = 1) => ({
  command,
  ...(path === undefined ? {} : { path }),
  result,
  durationMs
});
const fail = (command: string, path: string, error: unknown = { __error: true, name: 'Error', message: `${command} failed` }) => ({
  command,
  path,
  threw: true,
  error,
  durationMs: 1
});

describe('JSONL and bytes', () => {
  const line = (flowName: string, trace: unknown[]) => JSON.stringify({ flowName, version: 'v1', initialInput: 1, trace });

  test('one trace per line, blank lines and CRLF ignored', () => {
    const text = [line('a', [ok('x', '0')]), '', line('b', [fail('y', '0')]), '   '].join('\r\n');
    const r = parseTraceText(text, 'runs.jsonl');
    if (r.kind !== 'collection') throw new Error(r.kind);
    expect(r.models.map((m) => m.flowName)).toEqual(['a', 'b']);
    expect(r.summaries).toEqual([
      { line: 1, flowName: 'a', version: 'v1', entries: 1, outcome: 'unknown' },
      { line: 3, flowName: 'b', version: 'v1', entries: 1, outcome: 'Failure', errorMessage: 'y failed' }
    ]);
  });

  test('a single-line file is one trace, not a collection', () => {
    expect(parseTraceText(`${line('a', [])}\n\n`).kind).toBe('trace');
  });

  test('a UTF-8 BOM is skipped, and non-ASCII text decodes', () => {
    const bytes = new TextEncoder().encode(`\ufeff${JSON.stringify({ flowName: 'café', trace: [] })}`);
    const r = parseTraceBytes(bytes, 'bom.json');
    if (r.kind !== 'trace') throw new Error(JSON.stringify(r));
    expect(r.model.flowName).toBe('café');
  });

  test('an invalid byte after a BOM is reported at its offset in the whole file', () => {
    const bytes = new Uint8Array([0xef, 0xbb, 0xbf, 0x7b, 0x0a, 0x22, 0xc3, 0x28]);
    expect(parseTraceBytes(bytes)).toMatchObject({
      kind: 'error',
      problem: { message: 'the file is not UTF-8 text: invalid byte 0xC3 at byte offset 6 (line 2)', where: { line: 2 } }
    });
  });

  test('the gzip hint names the file', () => {
    const r = parseTraceBytes(new Uint8Array([0x1f, 0x8b, 0x08]), 'run.json.gz');
    expect(r).toMatchObject({ kind: 'error', problem: { hint: 'Decompress it (for example gunzip run.json.gz) and open the .json file inside.' } });
  });
});
