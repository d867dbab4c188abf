import { describe, expect, it } from 'vitest';
import * as runtime from '../effect/index';
import { replayTrace } from '../replay/replayTrace';
import { replayFlowSource } from './runFlow';
import { transpile } from './transpile';
import { caseNames, loadTrace, runsOf } from '../replay/test-support/fixtures';
import { readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

const compiled = (name: string, text: string) => {
  const t = transpile(name, text);
  if (t.kind !== 'ok') throw new Error(t.message);
  return t;
};

describe('site marks', () => {
  it('marks every Command and Failure call, imported, namespaced or destructured from require', () => {
    const t = compiled('flow.ts', "import { Command, Failure } from 'pure-effect';\nimport * as pe from 'pure-effect';\nexport const f = (x: number) => Command(() => x, (r) => (r ? pe.Command(() => 2) : Failure('no')));\n");
    expect(t.sitesMarked).toBe(true);
    expect(t.code.match(/__pe\$at\("[CF]@flow\.ts:\d+", /g)).toHaveLength(3);
    const cjs = compiled('flow.js', "const { Command } = require('pure-effect');\nexports.f = (x) => Command(() => x);\n");
    expect(cjs.sitesMarked).toBe(true);
  });

  it.each([
    ["import { Command } from 'pure-effect';\nconst C = Command;\nexport const f = () => C(() => 1);"],
    ["import { Failure } from 'pure-effect';\nexport const f = (xs: string[]) => xs.map(Failure);"],
    ["import * as pe from 'pure-effect';\nconst { Command: C } = pe;\nexport const f = () => C(() => 1);"],
    ["import { Command } from 'pure-effect';\nexport const f = () => ({ Command });"]
  ])('leaves a file that passes a constructor around unmarked, so its stacks are walked: %s', (text) => {
    const t = compiled('flow.ts', text);
    expect(t.sitesMarked).toBe(false);
    expect(t.code).not.toContain('__pe$at(');
  });

  it('locates steps built at one call site from different callers alike, and a nested constructor call keeps its own site', async () => {
    const flow = [
      "import { Command, Success, Retry, effectPipe } from 'pure-effect';",
      'const make = (n: number) => Command(function cmdStep() { return n; }, (r: number) =>',
      '  r < 3 ? make(r + 1) : Retry(Command(function cmdLast() { return r; }), { attempts: 1, delay: 0 }));',
      'export const flow = (n: number) => effectPipe(() => make(n))(n);'
    ].join('\n');
    const trace = {
      flowName: 'flow',
      initialInput: 0,
      context: {},
      trace: [
        { command: 'cmdStep', path: '0', result: 1 },
        { command: 'cmdStep', path: '1', result: 2 },
        { command: 'cmdStep', path: '2', result: 3 },
        { command: 'cmdLast', path: '3r0/0', result: 9 }
      ]
    };
    const where = async (text: string) => {
      const out = await replayFlowSource({ files: [{ name: 'flow.ts', text }], trace }, runtime, replayTrace);
      if (out.kind !== 'report') throw new Error(out.kind);
      return out.report.steps.map((s) => [s.name, s.location?.line, s.location?.column]);
    };
    const expected = [
      ['cmdStep', 2, 29],
      ['cmdStep', 2, 29],
      ['cmdStep', 2, 29],
      ['cmdLast', 3, 31]
    ];
    expect(await where(flow)).toEqual(expected);
    // The same flow with an alias is not marked, so every stack is walked: the same places.
    const aliased = `${flow}\nexport const alias = Command;`;
    expect(compiled('flow.ts', aliased).sitesMarked).toBe(false);
    expect(await where(aliased)).toEqual(expected);
  });
});

describe('every shared fixture is located alike with site marks and with a stack walk per node', () => {
  const runs = caseNames().flatMap((c) => runsOf(c));
  it.each(runs.map((r) => [`${r.caseName}${r.variant ? ` (${r.variant})` : ''}`, r] as const))('%s', async (_name, run) => {
    const dir = dirname(run.flowFile);
    const files = readdirSync(dir)
      .filter((f) => /\.[cm]?[jt]sx?$/.test(f))
      .map((name) => ({ name, text: readFileSync(join(dir, name), 'utf8') }));
    const entry = basename(run.flowFile);
    // An alias at the end of the entry file (no line moves) turns the marks off for the whole replay.
    const alias = files.map((f) => (f.name === entry ? { ...f, text: `${f.text}\n;const __alias = [typeof Command === 'function' ? Command : 0];` } : f));
    const places = async (fs: typeof files) => {
      const out = await replayFlowSource({ files: fs, entry, exportName: run.flowExport, trace: loadTrace(run), ...run.options }, runtime, replayTrace);
      if (out.kind !== 'report') throw new Error(out.kind);
      return JSON.stringify([out.report.steps.map((s) => [s.location, s.failureLocation]), out.report.rejection?.location]);
    };
    const aliased = alias.find((f) => f.name === entry)!;
    expect(compiled(entry, aliased.text).sitesMarked).toBe(false);
    expect(compiled(entry, files.find((f) => f.name === entry)!.text).sitesMarked).toBe(true);
    expect(await places(files)).toBe(await places(alias));
  });
});
