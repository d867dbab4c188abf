// The whole corpus, by category.
import { builtins } from './builtins';
import { functionText } from './functionText';
import { globals } from './globals';
import { language } from './language';
import { promises } from './promises';
import { realm } from './realm';
import { scoping } from './scoping';
import type { Snippet } from './define';

export type { Snippet };

export const CORPUS: readonly Snippet[] = [...scoping, ...language, ...builtins, ...promises, ...globals, ...realm, ...functionText];

/** A snippet's category: the part of its id before the slash. */
export const categoryOf = (id: string): string => id.slice(0, id.indexOf('/'));
