// Where the Share dialog's links point, said before anyone copies one: the app's public address
// when one is set (Settings), else this page's own, which on 127.0.0.1 or localhost opens nothing
// in anyone else's browser. The link can still be copied either way (for a colleague on this
// machine, or to fix the address by hand); the button goes straight to the setting.
import { isLocalAddress } from '../../core/share/appAddress';
import { useSettingsStore } from '../../stores/settingsStore';
import { useViewStore } from '../../stores/viewStore';

const setButton = 'ml-1 rounded border border-line px-2 py-0.5 text-fg hover:bg-raised';

export function AppAddressLine() {
  const appUrl = useSettingsStore((s) => s.appUrl);
  const openSettings = () => useViewStore.getState().openDialog('settings');
  if (appUrl) {
    return (
      <p className="text-muted" data-testid="app-address">
        Links open at <span className="break-all font-mono text-fg">{appUrl}</span> (the app&rsquo;s public address, Settings).
      </p>
    );
  }
  const page = new URL(window.location.href);
  const here = `${page.origin}${page.pathname}`;
  const local = isLocalAddress(here);
  return (
    <p role="note" className={local ? 'text-warn' : 'text-muted'} data-testid="app-address">
      {local ? (
        <>
          No public address is set, so this link points at <span className="break-all font-mono">{here}</span>, this machine: it opens only here, not for
          anyone you send it to.
        </>
      ) : (
        <>
          No public address is set, so links point at this page, <span className="break-all font-mono">{here}</span>. If your team hosts Timescope elsewhere, set
          that address.
        </>
      )}
      <button type="button" className={setButton} onClick={openSettings}>
        Set the app&rsquo;s public address
      </button>
    </p>
  );
}
