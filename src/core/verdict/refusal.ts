// When the library refuses a replay (spec §6.7: an unrecorded context, a malformed trace…), the
// flow's code did not throw: the recording cannot be replayed as given. Its own message tells a
// programmer to "pass options.context"; a person at a terminal, an agent or the app's user must be
// told their own surface's way to give it.

/** Where the person is: each names the context its own way. */
export type Surface = 'cli' | 'mcp' | 'app';

const SUPPLY: Readonly<Record<string, Readonly<Record<Surface, string>>>> = {
  context: {
    cli: 'give the context production ran with: --context FILE (a JSON file)',
    mcp: 'give the context production ran with as the tool\'s `context` argument',
    app: 'give the context production ran with: Inspector → Context → Replay with another context'
  }
};

/** What to do, on this surface, for the field the library named (none: the recording itself must change). */
export function refusalAdvice(field: string | undefined, surface: Surface): string {
  const supply = field !== undefined ? SUPPLY[field]?.[surface] : undefined;
  return supply ?? 'the recording cannot be replayed as it is: record the flow again';
}

/** The library's message, with its advice to a programmer (`options.context`) put in the surface's own words. */
export function refusalMessage(message: string, field: string | undefined, surface: Surface): string {
  const supply = field !== undefined ? SUPPLY[field]?.[surface] : undefined;
  if (!supply || field === undefined) return message;
  const said = message.replace(new RegExp(`pass options\\.${field}(?=[,.])`), supply);
  return said === message ? `${message} To replay it, ${supply}.` : said;
}

/** A sentence written for one surface, told in another's words (the MCP server words what the CLI said). */
export function inSurface(text: string, field: string | undefined, from: Surface, to: Surface): string {
  const said = field !== undefined ? SUPPLY[field]?.[from] : undefined;
  const meant = field !== undefined ? SUPPLY[field]?.[to] : undefined;
  return said && meant ? text.split(said).join(meant) : text;
}
