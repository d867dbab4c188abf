// Corpus lines, shards and the JUnit report, on a corpus made of the checkout fixture's real trace.
import { SaxesParser } from 'saxes';
import { describe, expect, it } from 'vitest';
import { join, readText } from '../trace/test-support/files';
import { FIXTURES } from '../source/test-support/fixtures';
import { countVerdicts } from './counts';
import { jsonlItems, parseItem } from './corpus';
import { junitXml, type JunitCase } from './junit';
import { inShard, parseShard } from './shard';
import type { BatchRow } from './verdict';

const traceLine = JSON.stringify(JSON.parse(readText(join(FIXTURES, 'checkout-zero-total', 'expected', 'trace.json'))));

describe('jsonlItems', () => {
  it('one item per non-blank line, numbered as an editor numbers lines; CRLF and a BOM are not part of a trace', () => {
    const text = `\ufeff${traceLine}\r\n\n   \n${traceLine}\n{"broken":\n`;
    const items = jsonlItems(text, 'day.jsonl');
    expect(items.map((i) => i.line)).toEqual([1, 4, 5]);
    expect(items[0]!.text).toBe(traceLine);
    expect(items.every((i) => i.source === 'day.jsonl')).toBe(true);
    expect(parseItem(items[1]!.text)).toEqual({ trace: JSON.parse(traceLine) });
    expect(parseItem(items[2]!.text)).toMatchObject({ problem: expect.stringMatching(/^not valid JSON/) });
  });

  it('says why a line that parses is not a trace', () => {
    expect(parseItem('[{"command":"a"}]')).toMatchObject({ problem: expect.stringMatching(/bare array/) });
    expect(parseItem('{"command":"cmdFetchCart","path":"0"}')).toMatchObject({ problem: expect.stringMatching(/one trace entry/) });
    expect(parseItem('42')).toMatchObject({ problem: expect.stringMatching(/got number/) });
  });
});

describe('--shard', () => {
  it('parses i/n and refuses the rest', () => {
    expect(parseShard('2/3')).toEqual({ index: 2, total: 3 });
    for (const bad of ['0/3', '4/3', '1/0', 'a/b', '1', '-1/2']) expect(typeof parseShard(bad)).toBe('string');
  });

  it('every (source, line) is in exactly one of n shards, and the shares are even', () => {
    const n = 3;
    const shards = [1, 2, 3].map((index) => ({ index, total: n }));
    const sizes = [0, 0, 0];
    for (const source of ['a.jsonl', 'b.jsonl', 'traces/c.zip']) {
      for (let line = 1; line <= 3000; line++) {
        const hits = shards.filter((s) => inShard(s, source, line));
        expect(hits.length).toBe(1);
        sizes[hits[0]!.index - 1]! += 1;
      }
    }
    for (const size of sizes) expect(Math.abs(size - 3000)).toBeLessThan(300);
  });
});

function row(partial: Partial<BatchRow>): BatchRow {
  return { verdict: 'reproduced', path: undefined, stepIndex: undefined, unreached: [], detail: 'Success', outcomeUnproven: false, ...partial };
}

/** Parse with a strict XML parser, collecting the elements and their attributes. */
function parseXml(xml: string) {
  const parser = new SaxesParser();
  const elements: { name: string; attributes: Record<string, string>; text: string }[] = [];
  const open: (typeof elements)[number][] = [];
  parser.on('opentag', (tag) => {
    const el = { name: tag.name, attributes: tag.attributes as Record<string, string>, text: '' };
    elements.push(el);
    open.push(el);
  });
  parser.on('text', (t) => {
    const top = open[open.length - 1];
    if (top) top.text += t;
  });
  parser.on('closetag', () => void open.pop());
  parser.write(xml).close();
  return elements;
}

describe('junitXml', () => {
  const hostile = 'TimeParadox: ]]><script>&amp;"\'\u0000\u0007\ud800 </testcase><failure>\tx\ny';
  const cases: JunitCase[] = [
    { source: 'day.jsonl', line: 1, row: row({}) },
    { source: 'day.jsonl', line: 2, row: row({ verdict: 'fixed', unreached: ['cmdChargeCard'] }) },
    { source: 'day.jsonl', line: 3, row: row({ verdict: 'diverged', path: '0', stepIndex: 0, detail: hostile, unreached: ['<cmd & "x">'] }) },
    { source: 'b&<"x".jsonl', line: 7, row: row({ verdict: 'flow-error', detail: 'TypeError: x' }) }
  ];

  it('a strict parser accepts it; one testcase per trace; failures for what is not reproduced or fixed', () => {
    const xml = junitXml(cases);
    const els = parseXml(xml);
    const testcases = els.filter((e) => e.name === 'testcase');
    expect(testcases.map((t) => t.attributes.name)).toEqual(['day.jsonl:1', 'day.jsonl:2', 'day.jsonl:3', 'b&<"x".jsonl:7']);
    const failures = els.filter((e) => e.name === 'failure');
    expect(failures.map((f) => f.attributes.type)).toEqual(['diverged', 'flow-error']);
    const root = els.find((e) => e.name === 'testsuites')!;
    expect(root.attributes).toMatchObject({ tests: '4', failures: '2' });
    expect(els.filter((e) => e.name === 'testsuite').map((s) => [s.attributes.name, s.attributes.tests, s.attributes.failures])).toEqual([
      ['day.jsonl', '3', '1'],
      ['b&<"x".jsonl', '1', '1']
    ]);
  });

  it('a hostile detail arrives as text: the same characters, but those XML cannot hold, and no element of its own', () => {
    const failure = parseXml(junitXml(cases)).find((e) => e.attributes.type === 'diverged')!;
    expect(failure.attributes.message).toBe(`diverged: ${[...hostile].map((c) => (c === '\u0000' || c === '\u0007' || c === '\ud800' ? '\ufffd' : c)).join('')}`);
    expect(failure.text).toContain('unreached: <cmd & "x">');
  });
});

describe('countVerdicts', () => {
  it('counts every verdict, zero when absent', () => {
    expect(countVerdicts([row({}), row({ verdict: 'fixed' }), row({})])).toEqual({ reproduced: 2, fixed: 1, 'outcome-changed': 0, diverged: 0, 'missing-step': 0, 'flow-error': 0, refused: 0 });
  });
});
