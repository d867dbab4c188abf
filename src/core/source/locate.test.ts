import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { findCommandCallLine, locate, locateAll, type LocationHow, type SourceFile } from './locate';
import { RUNAWAY_MS } from '../../test-support/runaway';

// The shared fixtures sit next to the repo (../shared), or wherever TIMESCOPE_SHARED points.
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const fixturesDir = process.env.TIMESCOPE_SHARED
  ? path.join(process.env.TIMESCOPE_SHARED, 'fixtures')
  : path.resolve(repoRoot, '../shared/fixtures');

type Want = readonly [line: number, column: number, how: LocationHow] | null;

// Hand-checked against each file: line and column of the name (const) or of `Command` (meta, call).
// null: the name cannot point at one place ('anonymous', a Parallel decision, a step the variant lacks).
const checkout = { cmdFetchCart: [20, 11, 'const'], cmdValidatePromo: [28, 11, 'const'], cmdChargeCard: [37, 11, 'const'] } as const;
const EXPECTED: Record<string, Record<string, Record<string, Want>>> = {
  'anonymous-steps': {
    'flow.js': { anonymous: null, sendResetEmail: [26, 13, 'meta'] },
    'swapped.js': { anonymous: null, sendResetEmail: [26, 13, 'meta'] }
  },
  'big-batch': {
    'flow.ts': { cmdListProductIds: [19, 11, 'const'], cmdIndexProduct: [26, 11, 'const'], cmdSwapAlias: [40, 11, 'const'] }
  },
  'capped-batch': {
    'flow.ts': { cmdListOverdueInvoices: [19, 11, 'const'], cmdSendReminder: [28, 19, 'const'], cmdRecordJobRun: [36, 11, 'const'] }
  },
  'checkout-zero-total': {
    'flow.ts': checkout,
    'fixed.ts': { cmdFetchCart: [19, 11, 'const'], cmdValidatePromo: [27, 11, 'const'], cmdChargeCard: [39, 11, 'const'] },
    'reorder.ts': { cmdFetchCart: [28, 11, 'const'], cmdValidatePromo: [21, 11, 'const'], cmdChargeCard: [37, 11, 'const'] }
  },
  'legacy-no-path': {
    'flow.ts': checkout,
    'fixed.ts': { cmdFetchCart: [19, 11, 'const'], cmdValidatePromo: [27, 11, 'const'], cmdChargeCard: [39, 11, 'const'] },
    'reorder.ts': { cmdFetchCart: [28, 11, 'const'], cmdValidatePromo: [21, 11, 'const'], cmdChargeCard: [37, 11, 'const'] }
  },
  'price-retry-fallback': {
    'flow.ts': { cmdLoadProduct: [14, 11, 'const'], fetchLivePrice: [20, 9, 'meta'], readCachedPrice: [27, 17, 'meta'] },
    'no-fallback.ts': { cmdLoadProduct: [14, 11, 'const'], fetchLivePrice: [20, 9, 'meta'], readCachedPrice: null }
  },
  'profile-parallel': {
    'flow.ts': { cmdGetUser: [18, 11, 'const'], cmdGetPermissions: [19, 11, 'const'], Parallel: null },
    'with-preferences.ts': { cmdGetUser: [18, 11, 'const'], cmdGetPermissions: [19, 11, 'const'], cmdGetPreferences: [20, 11, 'const'], Parallel: null }
  },
  'register-email-taken': {
    'flow.ts': { cmdFindUserByEmail: [24, 11, 'const'], cmdCreateUser: [32, 11, 'const'], cmdSendWelcomeEmail: [37, 11, 'const'] },
    'new-address.ts': { cmdFindUserByEmail: [24, 11, 'const'], cmdCreateUser: [29, 11, 'const'], cmdSendWelcomeEmail: [34, 11, 'const'] }
  },
  'stock-parallel-cancelled': {
    'flow.ts': {
      cmdReserveWest: [30, 11, 'const'],
      cmdReserveEast: [20, 19, 'const'],
      cmdConfirmEastHold: [24, 19, 'const'],
      cmdCreateShipment: [38, 11, 'const'],
      Parallel: null
    },
    'sequential.ts': { cmdReserveWest: [17, 11, 'const'], cmdReserveEast: [22, 11, 'const'], cmdConfirmEastHold: null, Parallel: null }
  },
  'tenant-ask': {
    'flow.ts': { cmdListInvoices: [22, 11, 'const'], cmdWriteAuditEntry: [27, 11, 'const'] }
  },
  'weather-retry': {
    'flow.js': { cmdGeocodeCity: [6, 11, 'const'], cmdFetchForecast: [11, 11, 'const'] },
    'one-retry.js': { cmdGeocodeCity: [6, 11, 'const'], cmdFetchForecast: [11, 11, 'const'] }
  }
};

// findCommandCallLine on each fixture's flow file: the `Command(` call below a const definition.
const CALLS: Record<string, Record<string, readonly [line: number, column: number] | null>> = {
  'anonymous-steps': { sendResetEmail: null, anonymous: null },
  'big-batch': { cmdListProductIds: [20, 12], cmdIndexProduct: [27, 12], cmdSwapAlias: [41, 12] },
  'capped-batch': { cmdListOverdueInvoices: [20, 12], cmdSendReminder: [30, 20], cmdRecordJobRun: [37, 12] },
  'checkout-zero-total': { cmdFetchCart: [21, 12], cmdValidatePromo: [29, 12], cmdChargeCard: [44, 12] },
  'legacy-no-path': { cmdFetchCart: [21, 12], cmdValidatePromo: [29, 12], cmdChargeCard: [44, 12] },
  'price-retry-fallback': { cmdLoadProduct: [15, 12], fetchLivePrice: null, readCachedPrice: null },
  'profile-parallel': { cmdGetUser: [20, 22], cmdGetPermissions: [20, 43], Parallel: null },
  'register-email-taken': { cmdFindUserByEmail: [25, 12], cmdCreateUser: [33, 12] },
  'stock-parallel-cancelled': { cmdReserveWest: [31, 12], cmdReserveEast: [21, 20], cmdConfirmEastHold: [25, 20] },
  'tenant-ask': { cmdListInvoices: [23, 12], cmdWriteAuditEntry: [28, 12] },
  'weather-retry': { cmdGeocodeCity: [7, 12], cmdFetchForecast: [13, 9] }
};

const read = (...parts: string[]) => readFileSync(path.join(fixturesDir, ...parts), 'utf8');

/** Distinct command names of every trace in the fixture (expected/trace.json, and a hand-written one). */
function traceNames(fixture: string): string[] {
  const names = new Set<string>();
  for (const file of ['expected/trace.json', 'legacy-trace.json']) {
    if (!existsSync(path.join(fixturesDir, fixture, file))) continue;
    const trace = JSON.parse(read(fixture, file)) as { trace: { command: string }[] };
    for (const entry of trace.trace) names.add(entry.command);
  }
  return [...names];
}

/** The flow file under test first, then the services module (as the app loads them together). */
function sources(fixture: string, file: string): SourceFile[] {
  const services = readdirSync(path.join(fixturesDir, fixture)).filter((f) => /^services\.[jt]s$/.test(f));
  return [file, ...services].map((name) => ({ name, text: read(fixture, name) }));
}

describe('locate against the shared fixtures', () => {
  // Every case, the ones hand-checked below and any added since: each named
  // Command in its trace is found in the flow's files, on a line that names it.
  const cases = readdirSync(fixturesDir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(path.join(fixturesDir, d.name, 'case.json')))
    .map((d) => d.name);
  it('finds the fixtures folder', () => {
    expect(cases.length).toBeGreaterThan(0);
  });
  it.each(cases)('%s: places every named Command of its trace on a line that names it', (fixture) => {
    const flowFile = readdirSync(path.join(fixturesDir, fixture)).find((f) => /^flow\.[jt]sx?$/.test(f));
    expect(flowFile).toBeDefined();
    const files = sources(fixture, flowFile as string);
    for (const name of traceNames(fixture).filter((n) => n !== 'anonymous' && n !== 'Parallel')) {
      const got = locate(files, name);
      expect({ name, found: got !== undefined }).toEqual({ name, found: true });
      const text = files.find((f) => f.name === got?.file)?.text ?? '';
      // A const or function names it on its line; a meta name sits inside the Command( call that starts there.
      const line = (got?.line ?? 0) - 1;
      const span = got?.how === 'meta' ? 6 : 1;
      expect(text.split('\n').slice(line, line + span).join('\n')).toContain(name);
    }
  });

  for (const [fixture, byFile] of Object.entries(EXPECTED)) {
    describe(fixture, () => {
      it('has an expectation for every command name in its traces', () => {
        for (const want of Object.values(byFile)) expect(Object.keys(want)).toEqual(expect.arrayContaining(traceNames(fixture)));
      });

      for (const [file, want] of Object.entries(byFile)) {
        it(`locates each name in ${file}`, () => {
          const files = sources(fixture, file);
          for (const [name, expected] of Object.entries(want)) {
            const got = locate(files, name);
            const wanted = expected && { file, line: expected[0], column: expected[1], how: expected[2] };
            expect({ name, got }).toEqual({ name, got: wanted ?? undefined });
          }
          // locateAll agrees with locate, and leaves out what it cannot place.
          const all = locateAll(files, Object.keys(want));
          for (const [name, expected] of Object.entries(want)) expect(all[name]).toEqual(expected ? locate(files, name) : undefined);
        });
      }

      it('finds the Command( call line of each name in flow.*', () => {
        const flowFile = Object.keys(byFile).find((f) => f.startsWith('flow.')) as string;
        const files = sources(fixture, flowFile);
        for (const [name, expected] of Object.entries(CALLS[fixture] ?? {})) {
          const got = findCommandCallLine(files, name);
          expect({ name, got }).toEqual({ name, got: expected ? { file: flowFile, line: expected[0], column: expected[1] } : undefined });
        }
      });
    });
  }
});

const src = (text: string, name = 'flow.ts'): SourceFile[] => [{ name, text }];

describe('locate rules', () => {
  it('ignores a name in comments, strings, templates and regexes before the real definition', () => {
    const text = [
      "// const cmdA = 'not this'",
      "/* function cmdA() {} */ const s = 'const cmdA = 1';",
      'const t = `const cmdA ${"}"} const cmdA`; const r = /const cmdA \'"/;',
      'const cmdA = () => 1;'
    ].join('\n');
    expect(locate(src(text), 'cmdA')).toEqual({ file: 'flow.ts', line: 4, column: 7, how: 'const' });
  });

  it('reads function declarations, async and generator ones', () => {
    const text = 'export async function cmdA() {}\nfunction* cmdB() {}\nlet cmdC;\nvar cmdD = 1';
    expect(locate(src(text), 'cmdA')).toMatchObject({ line: 1, column: 23, how: 'function' });
    expect(locate(src(text), 'cmdB')).toMatchObject({ line: 2, column: 11, how: 'function' });
    expect(locate(src(text), 'cmdC')).toMatchObject({ line: 3, how: 'const' });
    expect(locate(src(text), 'cmdD')).toMatchObject({ line: 4, how: 'const' });
  });

  it('ranks declaration over meta over call, across files', () => {
    const a = { name: 'a.ts', text: "Command(cmdX)\nCommand(() => 1, undefined, { name: 'cmdX' })" };
    const b = { name: 'b.ts', text: '\n\nconst cmdX = () => 2' };
    expect(locate([a, b], 'cmdX')).toEqual({ file: 'b.ts', line: 3, column: 7, how: 'const' });
    expect(locate([a], 'cmdX')).toEqual({ file: 'a.ts', line: 2, column: 1, how: 'meta' });
    expect(locate([{ name: 'c.ts', text: 'x;\n  return Command(svc.cmdX, next)' }], 'cmdX')).toEqual({ file: 'c.ts', line: 2, column: 10, how: 'call' });
  });

  it('takes meta only from the third argument or a meta object', () => {
    const text = [
      "Command(() => 1, (v) => Success({ name: 'notMeta' }))",
      "Command(() => 1, { name: 'secondArg' })",
      "Command<In, Out>(\n  () => 1,\n  undefined,\n  { name: \"dq\" }\n)",
      "const meta = { name: 'apart' };",
      "const c = { type: 'Command', cmd, meta: { name: `tpl` } };",
      "C(() => 1, undefined, { name: 'aliased' })",
      "import { Command as C } from 'pure-effect';"
    ].join('\n');
    expect(locate(src(text), 'notMeta')).toBeUndefined();
    expect(locate(src(text), 'secondArg')).toBeUndefined();
    expect(locate(src(text), 'dq')).toMatchObject({ line: 3, column: 1, how: 'meta' });
    expect(locate(src(text), 'apart')).toMatchObject({ line: 8, column: 16, how: 'meta' });
    expect(locate(src(text), 'tpl')).toMatchObject({ line: 9, column: 43, how: 'meta' });
    expect(locate(src(text), 'aliased')).toMatchObject({ line: 10, column: 1, how: 'meta' });
  });

  it('falls back to object properties and methods holding a function, not interface members', () => {
    const text = [
      'interface Api { cmdT: () => void }',
      'const svc = {',
      '  cmdP: async (id: string) => id,',
      '  cmdQ: function () {},',
      '  async cmdM(a: number): Promise<number> { return a },',
      '  cmdN: 42,',
      '};',
      'const v = ok ? cmdR : other;'
    ].join('\n');
    expect(locate(src(text), 'cmdT')).toBeUndefined();
    expect(locate(src(text), 'cmdP')).toMatchObject({ line: 3, column: 3, how: 'const' });
    expect(locate(src(text), 'cmdQ')).toMatchObject({ line: 4, how: 'function' });
    expect(locate(src(text), 'cmdM')).toMatchObject({ line: 5, column: 9, how: 'function' });
    expect(locate(src(text), 'cmdN')).toBeUndefined();
    expect(locate(src(text), 'cmdR')).toBeUndefined();
  });

  it("cannot place 'anonymous', and reads 'bound x' as x", () => {
    const text = 'const anonymous = () => 1;\nconst cmdB = () => 2;';
    expect(locate(src(text), 'anonymous')).toBeUndefined();
    expect(locate(src(text), 'bound cmdB')).toMatchObject({ line: 2, how: 'const' });
    expect(locate(src(text), '')).toBeUndefined();
  });

  it('does not lose sync on division, regex after return, or unterminated strings', () => {
    const text = [
      'const ratio = a / b / c;',
      "function f() { return /'/.test(x) }",
      "const broken = 'oops",
      'const cmdA = () => 1;'
    ].join('\n');
    expect(locate(src(text), 'cmdA')).toMatchObject({ line: 4, how: 'const' });
    expect(locate(src(text), 'f')).toMatchObject({ line: 2, how: 'function' });
  });

  it('locateAll scales with the distinct names, not with the trace', () => {
    const lines = ['import { Command } from "pure-effect";'];
    for (let i = 0; i < 2000; i++) lines.push(`const cmd${i} = () => ${i}; const s${i} = () => Command(cmd${i});`);
    const files = src(lines.join('\n'));
    const names = Array.from({ length: 2000 }, (_, i) => `cmd${i}`).concat('anonymous', 'missing');
    const started = performance.now();
    const all = locateAll(files, names);
    expect(performance.now() - started).toBeLessThan(RUNAWAY_MS);
    expect(Object.keys(all)).toHaveLength(2000);
    expect(all.cmd1999).toEqual({ file: 'flow.ts', line: 2001, column: 7, how: 'const' });
    expect(findCommandCallLine(files, 'cmd5')).toBeUndefined(); // same line as its definition
  });
});
