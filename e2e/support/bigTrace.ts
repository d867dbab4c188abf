// A large trace in the current format, generated in Node: `count` sequential
// steps (paths "0", "1", …) with ~`resultBytes`-byte results; every
// `errorEvery`-th step threw.
export interface BigTrace {
  readonly text: string;
  readonly count: number;
  readonly errors: number;
}

export function bigTrace(count = 60_000, resultBytes = 500, errorEvery = 1_000): BigTrace {
  const filler = 'x'.repeat(Math.max(0, resultBytes - 120));
  const entries: string[] = [];
  let errors = 0;
  for (let i = 0; i < count; i++) {
    const command = `cmdStep${i % 50}`;
    if (i % errorEvery === errorEvery - 1) {
      errors++;
      entries.push(
        JSON.stringify({
          command,
          path: String(i),
          threw: true,
          error: { __error: true, name: 'Error', message: `Step ${i} failed`, code: 'E_BIG', note: filler },
          durationMs: (i % 97) / 10
        })
      );
    } else {
      entries.push(JSON.stringify({ command, path: String(i), result: { id: i, ok: true, at: '2024-06-11T08:00:00.000Z', payload: filler }, durationMs: (i % 89) / 10 }));
    }
  }
  const head = JSON.stringify({ flowName: 'big-import', version: 'bench01', initialInput: { rows: count }, context: { flowName: 'big-import' }, dropped: 0 });
  const text = `${head.slice(0, -1)},"trace":[\n${entries.join(',\n')}\n]}`;
  return { text, count, errors };
}
