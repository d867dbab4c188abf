// Every replay gets a fresh worker, so every replay would start with a cold
// JIT: sucrase, the loader and the engine compiled lazily, function by
// function, on the person's time. The spare worker therefore replays a small
// synthetic trace of our own (TypeScript, a stand-in import, a few Commands
// through continuations and an effectPipe) before it says 'ready'. It runs in
// a Compartment of its own, like any replay, and its result is dropped; a
// failure here only costs the warm-up.
//
// Measured in Chromium (bench:browser): it takes a 3-step replay from ~35 ms
// to ~10 ms in the worker. A longer warm-up (2 × 300 steps) did not make
// big-batch (5,002 steps) faster: a long replay warms itself up within its
// first few hundred steps, and most of its time is the sandbox's stack capture.

const STEPS = 20;

const FLOW = `import { Success, Failure, Command, effectPipe } from 'pure-effect';
import { store } from './services';

interface Job { name: string; size: number }
interface Tally { done: number; skipped: number; last?: string }

const list = (job: Job) => {
  const cmdListIds = () => store.list(job.size);
  return Command(cmdListIds, (ids: string[]) => Success({ job, ids }));
};

const each = (job: Job, ids: string[], i: number, tally: Tally) => {
  if (i >= ids.length) return Success({ job, tally });
  const id = ids[i];
  const cmdTouch = () => store.touch(id);
  return Command(cmdTouch, (res: { status: 'done' | 'skipped' }) =>
    each(job, ids, i + 1, { done: tally.done + (res.status === 'done' ? 1 : 0), skipped: tally.skipped + (res.status === 'skipped' ? 1 : 0), last: id })
  );
};

const finish = ({ job, tally }: { job: Job; tally: Tally }) => {
  if (tally.done === 0) return Failure('nothing done');
  const cmdFinish = () => store.finish(job.name);
  return Command(cmdFinish, () => Success(tally));
};

export const warmFlow = (job: Job) => effectPipe(list, ({ job, ids }: { job: Job; ids: string[] }) => each(job, ids, 0, { done: 0, skipped: 0 }), finish)(job);
`;

function trace(): unknown {
  const ids = Array.from({ length: STEPS }, (_, i) => `w${i}`);
  return {
    flowName: 'warm',
    version: 'warm-up',
    initialInput: { name: 'warm', size: STEPS },
    context: { flowName: 'warm' },
    dropped: 0,
    trace: [
      { command: 'cmdListIds', path: '0', result: ids, durationMs: 1 },
      ...ids.map((id, i) => ({ command: 'cmdTouch', path: String(i + 1), result: { id, status: i % 7 ? 'done' : 'skipped' }, durationMs: 0.1 })),
      { command: 'cmdFinish', path: String(STEPS + 1), result: { ok: true }, durationMs: 0.2 }
    ]
  };
}

type Replay = (req: { files: { name: string; text: string }[]; trace: unknown; exportName?: string }) => Promise<string>;

export async function warmUp(replay: Replay): Promise<void> {
  try {
    JSON.parse(await replay({ files: [{ name: 'warm.ts', text: FLOW }], trace: trace(), exportName: 'warmFlow' }));
  } catch {
    // only the warm-up is lost
  }
}
