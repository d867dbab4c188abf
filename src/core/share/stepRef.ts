// A post-mortem's short step link: `<page>#of=<shape>&step=N` (1-based, as #step=). The incident
// itself travels once, in the document's one incident link; a step link only names the step and
// the recording's shape (core/trace/identity.ts recordingShape), so the app can open that step once
// the incident is open in the reader's browser, and say so plainly when another one is.
// Pure string work on the fragment: every other key (#step=, #walk=…) is left as it is.

export const STEP_REF_PARAM = 'of';

/** The short link to a step of the incident whose shape is `shape`, on the app at `page`. */
export function stepRefOf(page: string, shape: string, stepIndex: number): string {
  return `${page.replace(/#.*$/s, '')}#${STEP_REF_PARAM}=${encodeURIComponent(shape)}&step=${stepIndex + 1}`;
}

export interface StepRef {
  readonly shape: string;
  /** 0-based; undefined when the fragment names no step, or not a whole number from 1 */
  readonly step: number | undefined;
}

/** The step reference in a fragment (`#of=…&step=N`), or undefined when it holds none. */
export function stepRefIn(hash: string): StepRef | undefined {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const shape = params.get(STEP_REF_PARAM);
  if (shape === null) return undefined;
  const raw = params.get('step');
  const n = raw !== null && /^\d{1,9}$/.test(raw) ? Number(raw) : 0;
  return { shape, step: n >= 1 ? n - 1 : undefined };
}

/** The fragment without its `of=`, so the reference is read once and a reload does not check it again. */
export function withoutStepRef(hash: string): string {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  params.delete(STEP_REF_PARAM);
  const rest = params.toString();
  return rest ? `#${rest}` : '';
}
