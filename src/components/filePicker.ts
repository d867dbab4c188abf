// One hidden <input type="file"> for the whole app, opened from any button.
export const FILE_INPUT_ID = 'timescope-file-input';
export const ACCEPTED_FILES = '.json,.zip,.enc,.jsonl,.ndjson,.txt,.ts,.tsx,.js,.jsx,.mjs,.cjs,.mts,.cts,application/json';

export function pickFiles() {
  document.getElementById(FILE_INPUT_ID)?.click();
}
