// The key that adds or removes a logpoint on the cursor's line, as the tooltips and the keyboard
// help print it. Ctrl+Alt+L (⌘⌥L): free in Monaco and in the browsers the app supports.
const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

export const LOGPOINT_KEYS = isMac ? '⌘⌥L' : 'Ctrl+Alt+L';
