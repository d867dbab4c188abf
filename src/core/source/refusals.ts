// The sandbox's refusals: every time flow code reaches for something it may
// not have (fetch, process, a URL import…), a SandboxError is made. Each one is
// also remembered here, so a replay can report the attempt even when the flow
// caught the error or made it inside a promise nobody awaited.

export class SandboxError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SandboxError';
    collecting?.push(this);
  }
}
// Its own name, whatever a minifier calls the class (flow code may read e.constructor.name).
Object.defineProperty(SandboxError, 'name', { value: 'SandboxError' });

let collecting: SandboxError[] | undefined;

/** Remember every SandboxError made from now until `stop()`, which returns them. */
export function collectRefusals(): { stop(): SandboxError[] } {
  const mine: SandboxError[] = [];
  collecting = mine;
  return {
    stop() {
      if (collecting === mine) collecting = undefined;
      return mine;
    }
  };
}
