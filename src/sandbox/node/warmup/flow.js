// A small flow that takes every road the engine has (effectPipe, Ask, Retry with a fallback,
// Parallel with a nested pipeline, a recursive loop), replayed once when the CLI is built so that
// the sandbox worker's V8 code cache holds the engine's compiled code, not just its top level.
import { Ask, Command, Failure, Parallel, Retry, Success, effectPipe } from 'pure-effect';

const cmdFetchPage = (n) => () => ({ n });
const page = (n) => Retry(Command(cmdFetchPage(n), undefined, { name: 'cmdFetchPage' }), { attempts: 1, delay: 0 });
const poll = (n) => effectPipe((x) => page(x), (p) => (p.n === 0 ? Success('done') : poll(p.n - 1)))(n);

const cmdLoad = () => ({ ok: true });
const cmdFlaky = () => {
  throw Object.assign(new Error('flaky'), { code: 'ECONNRESET' });
};
const cmdFallback = () => ({ cached: true });
const cmdA = () => 'a';
const cmdB = () => 'b';
const cmdC = () => 'c';

export const warmupFlow = (input) =>
  effectPipe(
    () => Ask((ctx) => Command(cmdLoad, (r) => Success({ ...r, tenant: ctx.tenant }))),
    (v) => Retry(Command(cmdFlaky), { attempts: 2, delay: 0, onExhausted: () => Command(cmdFallback) }),
    () => Parallel([Command(cmdA), effectPipe(() => Command(cmdB), () => Command(cmdC))(0)], ([a, b]) => Success(a + b)),
    () => poll(input.pages),
    (done) => (done === 'done' ? Success({ done }) : Failure('not done'))
  )(input);
