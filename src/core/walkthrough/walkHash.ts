// `#walk=<step>` (1-based, like #step=) opens the walkthrough at that step.
// Pure string work on the fragment: every other key (#step=, #incident=…)
// is kept as it is, so the links live side by side.
export const WALK_PARAM = 'walk';

/** The 0-based step a fragment walks to, when it names one inside the trace. */
export function walkFromHash(hash: string, total: number): number | undefined {
  const raw = new URLSearchParams(hash.replace(/^#/, '')).get(WALK_PARAM);
  if (raw === null || !/^\d{1,9}$/.test(raw)) return undefined;
  const n = Number(raw);
  return n >= 1 && n <= total ? n - 1 : undefined;
}

export function hasWalk(hash: string): boolean {
  return new URLSearchParams(hash.replace(/^#/, '')).has(WALK_PARAM);
}

/** The fragment (without '#') with walk= set to `step` (0-based), or taken out for undefined. */
export function withWalk(hash: string, step: number | undefined): string {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  if (step === undefined) params.delete(WALK_PARAM);
  else params.set(WALK_PARAM, String(step + 1));
  return params.toString();
}
