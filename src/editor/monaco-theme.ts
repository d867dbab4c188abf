// Monaco themes built from the app's own colour tokens (index.css), so the
// editor is the same surface as the panels around it in both themes instead
// of Monaco's #1e1e1e. Read at the moment the theme is applied, so a token
// change in CSS needs no change here.
import type { MonacoApi } from './monaco-loader';

export const themeName = (theme: 'dark' | 'light') => `timescope-${theme}`;

function token(name: string, fallback: string): string {
  const value = getComputedStyle(document.documentElement).getPropertyValue(name).trim();
  return /^#[0-9a-f]{6}$/i.test(value) ? value : fallback;
}

/** Defines the theme for the app's current tokens and applies it (themes are global to the page). */
export function applyTheme(monaco: MonacoApi, theme: 'dark' | 'light') {
  const dark = theme === 'dark';
  const panel = token('--ts-panel', dark ? '#151a21' : '#ffffff');
  const raised = token('--ts-raised', dark ? '#1d232c' : '#eef0f3');
  const line = token('--ts-line', dark ? '#2b323c' : '#d9dde3');
  const fg = token('--ts-fg', dark ? '#e3e7ec' : '#1b1f24');
  const muted = token('--ts-muted', dark ? '#97a1ad' : '#5c6570');
  const accent = token('--ts-accent', dark ? '#58a6ff' : '#1f6feb');
  monaco.editor.defineTheme(themeName(theme), {
    base: dark ? 'vs-dark' : 'vs',
    inherit: true,
    rules: [],
    colors: {
      'editor.background': panel,
      'editor.foreground': fg,
      'editorGutter.background': panel,
      'editorLineNumber.foreground': muted,
      'editorLineNumber.activeForeground': fg,
      'editor.lineHighlightBackground': `${raised}99`,
      'editor.lineHighlightBorder': '#00000000',
      'editorIndentGuide.background1': `${line}`,
      'editorWidget.background': raised,
      'editorWidget.border': line,
      'editorHoverWidget.background': raised,
      'editorHoverWidget.border': line,
      'editorCursor.foreground': accent,
      'focusBorder': accent,
      'scrollbarSlider.background': `${muted}40`,
      'scrollbarSlider.hoverBackground': `${muted}66`,
      'scrollbarSlider.activeBackground': `${muted}88`
    }
  });
  monaco.editor.setTheme(themeName(theme));
}
