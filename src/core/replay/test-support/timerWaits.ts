// The delays code asks of setTimeout while `run` runs (passed through to the real timer). For
// "waits N ms" and "does not wait" checks that must not depend on how busy the machine is.
import { vi } from 'vitest';

export async function timerWaits(run: () => Promise<unknown>): Promise<number[]> {
  const waits: number[] = [];
  const real = globalThis.setTimeout;
  const spy = vi.spyOn(globalThis, 'setTimeout').mockImplementation(((fn: () => void, ms?: number) => {
    waits.push(ms ?? 0);
    return real(fn, ms);
  }) as typeof setTimeout);
  try {
    await run();
  } finally {
    spy.mockRestore();
  }
  return waits;
}
