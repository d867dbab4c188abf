// The hostile traces too big to keep in git, made on demand from a recipe:
// the corpus test and e2e/hostile-traces.spec.ts list these beside the files.
const MB = 1024 * 1024;

const entry = (command: string, path: string, result: string) => `{"command":${JSON.stringify(command)},"path":"${path}","result":${result},"durationMs":1.5}`;
const trace = (flowName: string, entries: string[]) => `{"flowName":${JSON.stringify(flowName)},"version":"build-1","initialInput":{"orderId":"ord_1"},"dropped":0,"trace":[${entries.join(',')}]}`;

export const DEEP_LEVELS = 100_000;
/** 10.9 MB of text in one string value, as a base64 attachment would be. */
export const LONG_STRING_CHARS = Math.round(10.9 * MB);

export const generated: Readonly<Record<string, () => string>> = {
  // A result nesting 100,000 arrays deep: JSON.parse reads it, structured clone overflows.
  'deep-nesting.json': () =>
    trace('deep', [entry('cmdFetchCart', '0', '{"items":[]}'), entry('cmdWalkParents', '1', `${'['.repeat(DEEP_LEVELS)}${']'.repeat(DEEP_LEVELS)}`)]),
  'long-string.json': () => {
    const chunk = 'QUJDREVGR0hJSktMTU5PUFFSU1RVVldYWVo=';
    const text = chunk.repeat(Math.ceil(LONG_STRING_CHARS / chunk.length)).slice(0, LONG_STRING_CHARS);
    return trace('attachments', [entry('cmdFetchCart', '0', '{"items":[]}'), entry('cmdLoadAttachment', '1', `{"name":"scan.pdf","base64":"${text}"}`)]);
  },
  // Exactly 2 MB of ordinary entries (padded with trailing spaces), opened with the limit set to 1 MB.
  'oversize.json': () => {
    const entries: string[] = [];
    for (let i = 0; i < 15_000; i++) entries.push(entry('cmdStep', String(i), `{"n":${i},"pad":"${'p'.repeat(40)}"}`));
    const text = trace('big', entries);
    return text + ' '.repeat(2 * MB - text.length);
  }
};
