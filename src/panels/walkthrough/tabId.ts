// This tab's part of the walkthrough channel's name. Kept in sessionStorage,
// which is per tab and survives a reload: a presenter who reloads comes back
// on the channel their audience window is still listening to.
const KEY = 'timescope.walkthroughTab';

let id: string | undefined;

export function tabId(): string {
  if (id) return id;
  try {
    id = sessionStorage.getItem(KEY) ?? undefined;
  } catch {
    id = undefined;
  }
  if (!id || !/^[a-z0-9]{6,20}$/.test(id)) {
    id = Math.random().toString(36).slice(2, 12).padEnd(6, '0');
    try {
      sessionStorage.setItem(KEY, id);
    } catch {
      // storage off: this page load keeps the id
    }
  }
  return id;
}
