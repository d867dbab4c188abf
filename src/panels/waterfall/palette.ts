// The canvas cannot use CSS classes, so it reads the theme's custom
// properties (src/index.css) from <html>, where data-theme switches them:
// read again whenever the theme changes, both themes come out right.

export interface Palette {
  readonly background: string;
  readonly raised: string;
  readonly line: string;
  readonly text: string;
  readonly muted: string;
  readonly returned: string;
  readonly decision: string;
  readonly threw: string;
  readonly threwSoft: string;
  readonly unrecorded: string;
  /** text drawn on a filled bar */
  readonly onBar: string;
  readonly focus: string;
  /** the outline of a step a what-if changed */
  readonly whatIf: string;
}

export function readPalette(root: Element = document.documentElement): Palette {
  const style = getComputedStyle(root);
  const v = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  return {
    background: v('--ts-panel', '#ffffff'),
    raised: v('--ts-raised', '#eef0f3'),
    line: v('--ts-line', '#d9dde3'),
    text: v('--ts-fg', '#1b1f24'),
    muted: v('--ts-muted', '#5c6570'),
    returned: v('--ts-accent', '#1f6feb'),
    decision: v('--ts-accent-soft', '#dbe8fd'),
    threw: v('--ts-err', '#c8102e'),
    threwSoft: v('--ts-err-soft', '#fde4e7'),
    unrecorded: v('--ts-warn', '#9a5b00'),
    onBar: v('--ts-panel', '#ffffff'),
    focus: v('--ts-focus', '#1f6feb'),
    whatIf: v('--ts-whatif', '#0b6672')
  };
}
