// The Chromium switches the specs add to Playwright's own.
//
// The specs run in the headless shell (playwright.config.ts), which has no browser UI. These switches
// are for a run in the full browser (CHROMIUM_PATH=/usr/bin/chromium), and harmless in the shell.
//
// Debian's Chromium is the full browser, run headless: every new context opens a window, and each
// window preloads the omnibox popup as a WebUI page in a renderer of its own (chrome://omnibox-popup).
// Nothing a spec looks at is in it, yet it cost ~0.7 s of CPU per context: ~15 of the ~60 CPU-seconds
// twelve demo opens took (scratch run, 2026-12-06, 59-64 → 43-44 CPU-s, same build, side by side).
// On CI's two saturated cores that is wall time.
//
// Chromium reads only the last --disable-features on its command line, and Playwright passes its own
// list first (playwright-core's chromiumSwitches.ts, as of 1.65.1). Ours therefore repeats that list,
// which keeps its fixes (PaintHolding for screenshots, HttpsUpgrades for plain-HTTP routes, …),
// and adds the browser UI to it.
const PLAYWRIGHT_DISABLED = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch'
];

/** The omnibox's popups and the preloading of browser-window WebUI: a headless window never shows them. */
const BROWSER_UI = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup', 'WebUIOmniboxFullPopup', 'PreloadTopChromeWebUI'];

export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  `--disable-features=${[...PLAYWRIGHT_DISABLED, ...BROWSER_UI].join(',')}`
];
