// The logpoints' limits, apart from the code that applies them: the store, the link's schema and
// the shell read them without loading the expression checker (babel) or the placer (sucrase).

/** More than anyone reads; a cap so that a link cannot make every line of a flow log. */
export const MAX_LOGPOINTS = 200;

/** Longest expression accepted: a logpoint is a question, not a program. */
export const MAX_EXPRESSION = 500;
