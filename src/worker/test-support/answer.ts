// A worker's answer as the pools pass it on: a RunResult's JSON with no pipeline values beside it.
import type { SplitAnswer } from '../../core/replay/pipelineText';

export const answerOf = (json: string): SplitAnswer => ({ json: new TextEncoder().encode(json), pipeline: new Uint8Array(0), pipelineAt: new Uint32Array(1) });
