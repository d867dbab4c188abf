// The first text a page sets in a font it has not used yet waits for the
// system to find and load that font: measured here, ~15 ms for the monospace
// font, inside the layout of the first trace's workspace (the empty screen
// sets none). Setting a few invisible characters in each face the workspace
// uses, while the empty screen is idle, pays that before a file comes.
const FACES = ['font-mono', 'font-mono font-semibold', 'font-medium', 'font-semibold', 'italic'];

export function warmFonts(): void {
  const box = document.createElement('div');
  box.setAttribute('aria-hidden', 'true');
  // Laid out (visibility, not display, so the text is shaped), but not seen, not read and not in the way.
  box.style.cssText = 'position:absolute;left:-9999px;top:0;visibility:hidden;pointer-events:none;contain:strict;width:1px;height:1px;overflow:hidden';
  for (const face of FACES) {
    const line = document.createElement('span');
    line.className = `${face} text-[12px]`;
    line.textContent = 'cmd 0.1 ms ·…✓';
    box.append(line);
  }
  document.body.append(box);
  // Layout now, in this idle moment; the box then goes, the fonts stay loaded for the page.
  box.getBoundingClientRect();
  box.remove();
}
