// The "source URL template" setting: a URL with {flowName} and {version} in it,
// filled from what the trace recorded, so the flow's code at the build that
// produced the trace can be fetched. Pure: no fetching, no React.

/** What a template may name, with how the message calls each one when the trace lacks it. */
export const SOURCE_PLACEHOLDERS = { flowName: 'flow name', version: 'version' } as const;

export type SourcePlaceholder = keyof typeof SOURCE_PLACEHOLDERS;

export interface SourceTemplateValues {
  readonly flowName: string | undefined;
  readonly version: string | undefined;
}

export type SourceUrlResult = { readonly ok: true; readonly url: string } | { readonly ok: false; readonly message: string };

const PLACEHOLDER = /\{([^{}]*)\}/g;

const isKnown = (name: string): name is SourcePlaceholder => Object.hasOwn(SOURCE_PLACEHOLDERS, name);

const listed = (items: readonly string[]) => (items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`);

/** The placeholders a template names, each once, in the order they first appear. */
export function templatePlaceholders(template: string): string[] {
  return [...new Set([...template.matchAll(PLACEHOLDER)].map((m) => m[1]!))];
}

/**
 * The template filled in: each value URL-encoded (a flow named "a/b" stays one path segment),
 * then read as a URL, which must be http or https. `base` resolves a template that is a path
 * ("/sources/{version}/flow.ts"); without it, a template must be a full URL.
 */
export function expandSourceTemplate(template: string, values: SourceTemplateValues, base?: string): SourceUrlResult {
  const trimmed = template.trim();
  if (!trimmed) return { ok: false, message: 'The source URL template is empty.' };
  const names = templatePlaceholders(trimmed);
  const unknown = names.filter((n) => !isKnown(n));
  if (unknown.length) {
    return {
      ok: false,
      message: `The template has ${unknown.length === 1 ? 'an unknown placeholder' : 'unknown placeholders'}: ${listed(unknown.map((n) => `{${n}}`))}. It can use {flowName} and {version}.`
    };
  }
  // In a fixed order, so the message reads the same whichever way round the template has them.
  const missing = (Object.keys(SOURCE_PLACEHOLDERS) as SourcePlaceholder[]).filter((n) => names.includes(n) && !values[n]);
  if (missing.length) {
    return {
      ok: false,
      message: `The trace records no ${missing.map((n) => SOURCE_PLACEHOLDERS[n]).join(' or ')}, and the template needs ${listed(missing.map((n) => `{${n}}`))}.`
    };
  }
  const filled = trimmed.replace(PLACEHOLDER, (_, name: SourcePlaceholder) => encodeURIComponent(values[name]!));
  let url: URL;
  try {
    url = new URL(filled, base);
  } catch {
    return { ok: false, message: `"${filled}" is not a URL: the template must be a full http(s) address${base ? ' or a path on this server' : ''}.` };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return { ok: false, message: `The template makes a ${url.protocol} URL; only http and https can be fetched.` };
  }
  return { ok: true, url: url.href };
}

/**
 * Whether a template can be saved: it names only known placeholders and makes an http(s) URL.
 * A trace that lacks a value is that trace's problem, not the template's, so sample values stand in.
 */
export function checkSourceTemplate(template: string, base?: string): { readonly ok: true } | { readonly ok: false; readonly message: string } {
  if (!template.trim()) return { ok: true };
  const result = expandSourceTemplate(template, { flowName: 'flow', version: '1' }, base);
  return result.ok ? { ok: true } : result;
}
