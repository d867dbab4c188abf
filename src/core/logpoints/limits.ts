// Limits the app and the sandbox share, in a module of their own: the store that keeps logpoints
// must not load the checker and the placer (a JavaScript parser) just to know how many it keeps.

/** More than anyone reads; a cap so that a link cannot make every line of a flow log. */
export const MAX_LOGPOINTS = 200;
