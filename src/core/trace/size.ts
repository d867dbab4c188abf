// The size gate for a trace file, checked before a byte is read: a file past
// the person's limit would only cost the tab its memory, so it is refused by
// its size alone, with the limit and where to change it.
import type { TraceProblem } from './errors';

const UNITS = ['kB', 'MB', 'GB', 'TB'] as const;

/**
 * Bytes in 1024-based units, as the Settings dialog counts them (1,024 MB is
 * 1 GB): "2 MB", "1.2 GB", "10.9 MB". One decimal below 100, none above.
 */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} ${bytes === 1 ? 'byte' : 'bytes'}`;
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  const text = value >= 100 ? Math.round(value).toString() : value.toFixed(1).replace(/\.0$/, '');
  return `${text} ${UNITS[unit]}`;
}

/** The message for a file over the limit, or undefined when it fits. `atLeast`: `bytes` is what a stream has sent so far. */
export function traceSizeProblem(fileName: string, bytes: number, limit: number, atLeast = false): TraceProblem | undefined {
  if (bytes <= limit) return undefined;
  return {
    message: `${fileName} is ${atLeast ? 'at least ' : ''}${formatSize(bytes)}; Timescope opens traces up to ${formatSize(limit)} (Settings → Largest trace file).`,
    hint: 'Raise the limit in Settings (the Settings button in the header) if this browser has the memory for it, or record the flow with a lower maxEntries.'
  };
}
