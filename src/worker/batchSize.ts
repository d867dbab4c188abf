// How many batch workers a corpus replay runs at once: one per core, as the
// CLI's --jobs default, but at most 4 (each holds its own copy of ses and the
// engine, and the page needs a core of its own to stay responsive).
export function batchSize(cores: number | undefined = typeof navigator === 'undefined' ? undefined : navigator.hardwareConcurrency): number {
  return Math.max(1, Math.min(4, Math.floor(cores ?? 2) || 2));
}
