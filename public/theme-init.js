// Applies the saved or OS theme before first paint, so a dark-mode user at
// 2 a.m. never sees a white flash. A file, not an inline script, so the
// Content-Security-Policy can forbid inline scripts.
(function () {
  var saved = null;
  try {
    saved = localStorage.getItem('timescope.theme');
  } catch (e) {}
  var dark = saved ? saved === 'dark' : window.matchMedia('(prefers-color-scheme: dark)').matches;
  document.documentElement.dataset.theme = dark ? 'dark' : 'light';
})();
