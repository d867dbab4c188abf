// `timescope mcp`: the CLI as Model Context Protocol tools over stdio (the official TypeScript SDK,
// zod schemas), for agents that verify a fix offline: reproduce, fix within the recorded Commands,
// verify by replay, leave a regression test and a link a person can open. It runs on the engineer's
// machine, uploads nothing, and runs the agent's code only in the sandbox `replay` uses.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { z } from 'zod';
import { Incidents, ToolError } from './incidents';
import { exportTest, explainIncident, listSteps, LOGPOINT_HITS, logpoints, minimizeIncident, narrate, replay, replayCorpus, shareLink, type RunCli } from './tools';
import { logSpecOf } from '../../core/logpoints/spec';
import { peekZip } from '../files';
import { ambientAsk, clockArg, seedArg } from './ambient';

/** Where a link meant for others points: a setting, never this machine's own address by default. */
export const APP_URL_ENV = 'TIMESCOPE_APP_URL';

type Answer = { content: { type: 'text'; text: string }[]; structuredContent?: Record<string, unknown>; isError?: boolean };

const json = (value: Record<string, unknown>, text?: string): Answer => ({
  content: [{ type: 'text', text: text ?? JSON.stringify(value, null, 2) }],
  structuredContent: value
});

/** A tool's failure as words the agent can act on; anything else is a bug, said as one. */
async function answer(work: () => Promise<Answer>): Promise<Answer> {
  try {
    return await work();
  } catch (e) {
    const message = e instanceof ToolError || (e instanceof Error && e.name === 'InputError') ? e.message : `unexpected error: ${e instanceof Error ? e.message : String(e)}`;
    return { content: [{ type: 'text', text: message }], isError: true };
  }
}

const sourceFile = z.object({ name: z.string().describe('a plain file name, such as flow.ts'), text: z.string() });
const override = z
  .object({
    at: z.string().describe("the step's path (or #INDEX in a path-less trace); for kind cancelled, a Parallel's decision path such as 1p"),
    kind: z.enum(['result', 'throw', 'cancelled']),
    value: z.unknown().optional().describe('kind result: what the step returns'),
    error: z.unknown().optional().describe('kind throw: the error, such as {"name":"Error","message":"…","code":"…"}'),
    branch: z.union([z.number().int(), z.literal('none')]).optional().describe('kind cancelled: the branch that cancelled the others')
  })
  .describe('what if a recorded step had answered otherwise');

export function createServer(run: RunCli, cwd: string, version: string): { server: McpServer; incidents: Incidents } {
  const server = new McpServer({ name: 'timescope', version });
  // The client's roots, when it declares them (asked each time: they may change); else this folder.
  const incidents = new Incidents(cwd, async () =>
    server.server.getClientCapabilities()?.roots ? (await server.server.listRoots()).roots.map((r) => r.uri) : undefined
  );
  const paths = async (files: readonly string[] | undefined, what: string): Promise<string[]> => {
    const out: string[] = [];
    for (const f of files ?? []) out.push(await incidents.inRoots(f, what));
    return out;
  };

  server.registerTool(
    'open_incident',
    {
      title: 'Open an incident',
      description:
        "Opens a recorded pure-effect incident: a trace (.json), a debug capsule (.zip), an encrypted capsule with its key, a path or an http(s) URL, or a Timescope link. Give the flow's source files (paths) to replay the recorded code for what each step received. Answers with an id and the first screen: what failed, where in the code, the value it received and what produced it.",
      inputSchema: {
        source: z.string().describe('a path, an http(s) URL, or a Timescope link (…#incident=…, or …?capsule=<url>#key=<key>)'),
        key: z.string().optional().describe("an encrypted capsule's key (or the link that ends in #key=…)"),
        flowFiles: z.array(z.string()).optional().describe("the recorded code: the flow's file first, then the files it imports")
      }
    },
    ({ source, key, flowFiles }) =>
      answer(async () => {
        const incident = await incidents.open(source, key, flowFiles ?? []);
        const explained = await explainIncident(run, incident, cwd);
        return json({ id: incident.id, ...explained });
      })
  );

  server.registerTool(
    'list_steps',
    {
      title: 'List steps',
      description:
        "The incident's steps, filtered with the app's filter: words (Command name, path or value), \"a phrase\" (values), cmd:NAME, path:1r0, is:threw, is:unreached, is:diverged (after a replay). Terms AND together. Paged.",
      inputSchema: {
        id: z.string(),
        filter: z.string().optional(),
        offset: z.number().int().min(0).optional(),
        limit: z.number().int().min(1).max(500).optional()
      }
    },
    ({ id, filter, offset, limit }) => answer(async () => json(await listSteps(incidents.get(id), cwd, filter ?? '', offset ?? 0, limit ?? 50)))
  );

  server.registerTool(
    'get_step',
    {
      title: 'Get one step',
      description: 'One step, numbered from 1 as the app numbers them: its recorded answer or error, where it ran, the line that built it, and what it received and why.',
      inputSchema: { id: z.string(), step: z.number().int().min(1) }
    },
    ({ id, step }) => answer(async () => json(await explainIncident(run, incidents.get(id), cwd, step)))
  );

  server.registerTool(
    'narrate',
    {
      title: 'Narrate',
      description: "timeTravel's narration of the incident, byte for byte as the library prints it (with the flow's files; else the recording's own), then the verdict.",
      inputSchema: { id: z.string() }
    },
    ({ id }) => answer(async () => ({ content: [{ type: 'text', text: await narrate(run, incidents.get(id), cwd) }] }))
  );

  server.registerTool(
    'replay',
    {
      title: 'Replay against a change',
      description:
        "Replays the incident against flow sources (paths, or text), in the sandbox, and answers with the app's verdict (reproduced: the same outcome and the same recorded Commands asked as production; fixed, outcome-changed, diverged, missing-step, flow-error, refused: the library would not replay the recording as given, e.g. it holds no context and this tool's `context` argument must give one), the tier (1: replay verified it; 2: the change alters which Commands run, so a person must decide; 3: refused, nothing ran), production's outcome and its proof, the Commands it no longer reaches and where it diverges. The incident's own flow files are the baseline (production's code). Optional what-if overrides and context. " +
        "Where pure code reads the clock or randomness outside a Command (Date.now(), new Date(), Math.random()…), `ambient` lists each read with its line, and `ambientWarning` says when today's values answered them: pass clock and seed so that every replay answers alike.",
      inputSchema: {
        id: z.string(),
        flowFiles: z.array(z.string()).optional().describe('the changed flow, as paths (the flow file first)'),
        sources: z.array(sourceFile).optional().describe('the changed flow, as text (the flow file first), instead of paths'),
        overrides: z.array(override).optional(),
        context: z.unknown().optional().describe('a context to replay with instead of the recorded one'),
        timeoutSeconds: z.number().positive().max(600).optional().describe("stop the flow's code after this long (default 5)"),
        maxMemoryMb: z.number().int().min(16).max(8192).optional().describe("the heap the flow's code may use (default 1024)"),
        clock: clockArg,
        seed: seedArg
      }
    },
    ({ id, flowFiles, sources, overrides, context, timeoutSeconds, maxMemoryMb, clock, seed }) =>
      answer(async () => {
        const incident = incidents.get(id);
        const ambient = ambientAsk(clock, seed);
        if (flowFiles?.length && sources?.length) throw new ToolError('give the changed flow as flowFiles or as sources, not both');
        const files = sources?.length ? incidents.writeSources(sources) : flowFiles?.length ? await paths(flowFiles, 'the flow file') : incident.flowFiles;
        const changed = sources?.length || flowFiles?.length;
        const baseline = changed && incident.flowFiles.length ? incident.flowFiles[0] : undefined;
        return json(
          await replay(run, incident, cwd, {
            flowFiles: files,
            ...(overrides?.length ? { overridesFile: incidents.writeJson('overrides.json', overrides) } : {}),
            ...(context !== undefined ? { contextFile: incidents.writeJson('context.json', context) } : {}),
            ...(baseline ? { baseline } : {}),
            limits: [...(timeoutSeconds !== undefined ? ['--timeout', String(timeoutSeconds)] : []), ...(maxMemoryMb !== undefined ? ['--max-memory', String(maxMemoryMb)] : []), ...ambient.flags]
          })
        );
      })
  );

  const logpoint = z.object({
    file: z.string().describe("the source file, by its name as loaded (flow.ts) or the path it was given as"),
    line: z.number().int().min(1).describe('1-based, in that file as it is on disk (or as given in sources)'),
    expr: z.string().min(1).describe('what to show: a read-only expression such as order.total, cart.items.length, [a, b.c]')
  });
  server.registerTool(
    'logpoint',
    {
      title: 'Show values at lines of the flow',
      description:
        "A logpoint without changing code: replays the incident in the sandbox and answers with the value of `expr` at `line` of `file` every time that line ran, each with the step it belongs to (step numbered from 1 as the narration numbers steps, its path and Command) — for example what `total` held before the failing Command was built. " +
        'Several at once with `logpoints`. The expression may only read: names in scope at that line, properties (a?.b, a[i]), literals, operators, [a, b] and {a, b}; no calls, assignments or new. ' +
        "One that is refused (or names a line with no statement) comes back with placed: false and the reason; the others still run, and the replay's verdict is the same as without them. " +
        'Values are read after a declaration or expression statement on that line, before a return/if/throw, and on entry for a line that declares a function. ' +
        "Code inside a Command's own function never runs in a replay (its answer is the recording's): log in the code that builds the Command or in its next. " +
        'Flow files, sources, overrides and context as for replay: the hits are then the changed code\'s.',
      inputSchema: {
        id: z.string(),
        file: z.string().optional().describe('with line and expr: one logpoint'),
        line: z.number().int().min(1).optional(),
        expr: z.string().optional(),
        logpoints: z.array(logpoint).max(200).optional().describe('several logpoints, instead of (or beside) file, line and expr'),
        flowFiles: z.array(z.string()).optional().describe("the flow to replay, as paths (the flow file first); default: the incident's"),
        sources: z.array(sourceFile).optional().describe('the flow to replay, as text (the flow file first), instead of paths'),
        overrides: z.array(override).optional(),
        context: z.unknown().optional().describe('a context to replay with instead of the recorded one'),
        offset: z.number().int().min(0).optional().describe('skip this many hits of each logpoint (paging)'),
        limit: z.number().int().min(1).max(2000).optional().describe(`hits listed per logpoint (default ${LOGPOINT_HITS})`),
        timeoutSeconds: z.number().positive().max(600).optional(),
        maxMemoryMb: z.number().int().min(16).max(8192).optional(),
        clock: clockArg,
        seed: seedArg
      }
    },
    (args) =>
      answer(async () => {
        const incident = incidents.get(args.id);
        const ambient = ambientAsk(args.clock, args.seed);
        const one = args.file !== undefined || args.line !== undefined || args.expr !== undefined;
        if (one && (args.file === undefined || args.line === undefined || args.expr === undefined || args.expr.trim() === '')) {
          throw new ToolError('a logpoint needs file, line and expr together (or use logpoints: [{file, line, expr}])');
        }
        const asked = [...(one ? [{ file: args.file!, line: args.line!, expr: args.expr! }] : []), ...(args.logpoints ?? [])];
        if (asked.length === 0) throw new ToolError('say what to show: file, line and expr, or logpoints: [{file, line, expr}]');
        if (args.flowFiles?.length && args.sources?.length) throw new ToolError('give the flow as flowFiles or as sources, not both');
        const files = args.sources?.length ? incidents.writeSources(args.sources) : args.flowFiles?.length ? await paths(args.flowFiles, 'the flow file') : incident.flowFiles;
        if (files.length === 0 && peekZip(cwd, incident.file) === 'not-zip') {
          throw new ToolError("this incident was opened without the flow's files: give flowFiles (or sources), or open it again with flowFiles");
        }
        const changed = args.sources?.length || args.flowFiles?.length;
        const baseline = changed && incident.flowFiles.length ? incident.flowFiles[0] : undefined;
        const ask = {
          flowFiles: files,
          logs: asked.map((p) => logSpecOf(p)),
          ...(args.overrides?.length ? { overridesFile: incidents.writeJson('overrides.json', args.overrides) } : {}),
          ...(args.context !== undefined ? { contextFile: incidents.writeJson('context.json', args.context) } : {}),
          ...(baseline ? { baseline } : {}),
          limits: [...(args.timeoutSeconds !== undefined ? ['--timeout', String(args.timeoutSeconds)] : []), ...(args.maxMemoryMb !== undefined ? ['--max-memory', String(args.maxMemoryMb)] : []), ...ambient.flags]
        };
        return json(await logpoints(run, incident, cwd, ask, args.offset ?? 0, args.limit ?? LOGPOINT_HITS));
      })
  );

  server.registerTool(
    'replay_corpus',
    {
      title: 'Replay a corpus',
      description: "Replays many recorded traces (a .jsonl, a folder, capsules) against a change and answers with the count per verdict and the traces that do not pass. With a baseline (the flow as it was), each trace's outcome is compared with it. Traces whose replays read the clock or randomness in pure code are counted in `ambient`, with `ambientWarning` when today's values answered them (pass clock and seed).",
      inputSchema: {
        corpus: z.array(z.string()).min(1),
        flowFiles: z.array(z.string()).min(1),
        baseline: z.string().optional(),
        clock: clockArg,
        seed: seedArg
      }
    },
    ({ corpus, flowFiles, baseline, clock, seed }) =>
      answer(async () => {
        const ambient = ambientAsk(clock, seed);
        return json(
          await replayCorpus(
            run,
            cwd,
            await paths(corpus, 'the corpus'),
            await paths(flowFiles, 'the flow file'),
            baseline !== undefined ? await incidents.inRoots(baseline, 'the baseline') : undefined,
            ambient
          )
        );
      })
  );

  server.registerTool(
    'export_test',
    {
      title: 'Export a regression test',
      description: "A test that replays the incident with pure-effect's own replayEffect and asserts what this replay shows: as text, or written to `out`.",
      inputSchema: {
        id: z.string(),
        flowFiles: z.array(z.string()).optional().describe("the flow the test imports (default: the incident's)"),
        out: z.string().optional(),
        vitest: z.boolean().optional()
      }
    },
    ({ id, flowFiles, out, vitest }) =>
      answer(async () => {
        const incident = incidents.get(id);
        const flows = flowFiles?.length ? await paths(flowFiles, 'the flow file') : incident.flowFiles;
        const written = out !== undefined ? await incidents.inRoots(out, 'the test file') : undefined;
        const done = await exportTest(run, incident, cwd, flows, written, vitest === true);
        return json(done, done.text);
      })
  );

  server.registerTool(
    'minimize',
    {
      title: 'Minimize the incident',
      description:
        'The smallest incident that still fails the same way (delta debugging over the input, context and recorded answers; each candidate replayed in the sandbox): 1-minimal, so every field left matters. Writes trace.min.json and minimize.json to `out`. Minimize before you share or export a test: less personal data leaves, and the test is shorter.',
      inputSchema: {
        id: z.string(),
        out: z.string().describe('the folder to write trace.min.json and minimize.json to'),
        budget: z.number().int().min(1).optional().describe('the most replays to run (default 500)')
      }
    },
    ({ id, out, budget }) =>
      answer(async () => {
        const incident = incidents.get(id);
        const folder = await incidents.inRoots(out, 'the output folder');
        return json(await minimizeIncident(run, incident, cwd, folder, budget));
      })
  );

  server.registerTool(
    'share_link',
    {
      title: 'Make a redacted share link',
      description: `A Timescope link a person can open at the same step, with personal data replaced (emails, cards, tokens, keys… by the app's default rules), answered with what was redacted and whether the redacted incident still fails the same way (repro: the rules and the line that break it, and a stand-in that keeps its format when one restores it). The app's public address comes from appUrl or the ${APP_URL_ENV} environment variable; a link meant for others never points at this machine by default.`,
      inputSchema: {
        id: z.string(),
        appUrl: z.string().url().optional(),
        includeSource: z.boolean().optional(),
        step: z.number().int().min(1).optional(),
        standIns: z
          .record(z.string(), z.enum(['email', 'card', 'id', 'number']))
          .optional()
          .describe("format-preserving stand-ins by token type (e.g. {\"email\": \"email\"}), as a failed repro check's fix offers")
      }
    },
    ({ id, appUrl, includeSource, step, standIns }) =>
      answer(async () => {
        const base = appUrl ?? process.env[APP_URL_ENV];
        if (!base) throw new ToolError(`set the app's public address first: pass appUrl, or set ${APP_URL_ENV} (where your team hosts Timescope's build)`);
        if (!/^https?:\/\//i.test(base)) throw new ToolError(`the app's address must be an http(s) URL, got ${JSON.stringify(base)}`);
        return json(await shareLink(incidents.get(id), cwd, base, includeSource === true, step, standIns));
      })
  );

  return { server, incidents };
}

/** Serves until stdin closes. */
export async function serveMcp(run: RunCli, cwd: string, version: string): Promise<void> {
  const { server, incidents } = createServer(run, cwd, version);
  const transport = new StdioServerTransport();
  // The client ends the session by closing our stdin.
  const closed = new Promise<void>((resolve) => {
    process.stdin.once('end', () => resolve());
    process.stdin.once('close', () => resolve());
  });
  await server.connect(transport);
  await closed;
  incidents.close();
}
