// When the view that held the focus is replaced (a picker row opens a trace, "← All traces" goes
// back, the demo button's empty page gives way to the trace), the browser leaves focus on <body>:
// a keyboard user's next Tab starts again from the header. The view that replaced it takes it.
export function focusWasLost(): boolean {
  const active = document.activeElement;
  return active === null || active === document.body;
}

/** Focus `el` if the focus was lost, without scrolling it (the view scrolls to its own selection). */
export function takeLostFocus(el: HTMLElement | null | undefined): void {
  if (el && focusWasLost()) el.focus({ preventScroll: true });
}
