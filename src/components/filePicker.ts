// One hidden <input type="file"> for the whole app, opened from any button.
import { primeEngine } from '../worker/engineClient';

export const FILE_INPUT_ID = 'timescope-file-input';
export const ACCEPTED_FILES = '.json,.zip,.enc,.jsonl,.ndjson,.txt,.ts,.tsx,.js,.jsx,.mjs,.cjs,.mts,.cts,application/json';

export function pickFiles() {
  // A file is on its way: the engine that will read it warms up while the person picks.
  primeEngine();
  document.getElementById(FILE_INPUT_ID)?.click();
}
