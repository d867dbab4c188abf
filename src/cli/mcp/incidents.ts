// The incidents an MCP session has opened: each is a file on this machine (a path the agent gave,
// or what an http(s) URL answered, kept in a temporary folder), its capsule key, and the flow's
// files to replay it with. Nothing is uploaded anywhere: a URL is only read.
import { existsSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { keyInText, parseCapsuleAddress } from '../../core/share/capsuleAddress';
import type { SourceFile } from '../../core/source/locate';
import { decodeLink } from '../../core/share/link';
import { buildCapsule } from '../../core/share/capsule';

export interface Incident {
  readonly id: string;
  /** the trace, capsule or encrypted capsule, as a path */
  readonly file: string;
  readonly key?: string;
  /** the flow's files (paths), the first exporting the flow; none: the recording (or the capsule's own) */
  readonly flowFiles: readonly string[];
  /** what the last replay never reached and where it diverged, for the filter's is:unreached and is:diverged */
  lastReplay?: { readonly unreached: readonly number[]; readonly diverged?: number };
}

/** The most an http(s) URL may answer with: a trace's size cap is the app's too. */
export const MAX_DOWNLOAD_BYTES = 256 * 1024 * 1024;
const DOWNLOAD_TIMEOUT_MS = 60_000;

/** The folders an agent's paths must be in: the client's roots (file:// URIs), or the server's folder when it declares none. */
export type RootsOf = () => Promise<readonly string[] | undefined>;

export class Incidents {
  private readonly byId = new Map<string, Incident>();
  private readonly folder = mkdtempSync(path.join(tmpdir(), 'timescope-mcp-'));
  private next = 1;

  constructor(
    private readonly cwd: string,
    private readonly rootsOf: RootsOf = async () => undefined
  ) {}

  /**
   * `file` resolved, when it is inside a root (symbolic links followed, so a link cannot lead out);
   * a ToolError naming the roots otherwise. A path that does not exist yet (an --out) is judged
   * by the folder it would be written in.
   */
  async inRoots(file: string, what: string): Promise<string> {
    const given = await this.rootsOf();
    const roots = (given?.length ? given : [this.cwd]).map((r) => real(r.startsWith('file:') ? fileURLToPath(r) : r));
    const resolved = path.resolve(this.cwd, file);
    const actual = real(resolved);
    if (roots.some((r) => actual === r || actual.startsWith(r.endsWith(path.sep) ? r : r + path.sep))) return resolved;
    throw new ToolError(`${what} '${file}' is outside the folders this session may read (${roots.join(', ')}): give a path inside them`);
  }

  get(id: string): Incident {
    const found = this.byId.get(id);
    if (!found) throw new ToolError(`no incident '${id}' is open; open one with open_incident (ids so far: ${[...this.byId.keys()].join(', ') || 'none'})`);
    return found;
  }

  /** `source`: a path, an http(s) URL, an app link `…#incident=…`, or a capsule link `…?capsule=<url>#key=<key>`. */
  async open(source: string, key: string | undefined, flowFiles: readonly string[]): Promise<Incident> {
    const id = `incident-${this.next++}`;
    let file: string;
    let linkKey: string | undefined;
    if (/#incident=/.test(source)) file = this.fromLink(source, id);
    else if (/^https?:/i.test(source)) {
      const address = parseCapsuleAddress(source);
      if (address && 'error' in address) throw new ToolError(`cannot open ${source}: ${address.error}`);
      linkKey = address?.key;
      file = await this.download(address?.capsuleUrl ?? source, id);
    } else file = await this.inRoots(source, 'the incident');
    const givenKey = key !== undefined ? keyInText(key) : linkKey;
    const flows: string[] = [];
    for (const f of flowFiles) flows.push(await this.inRoots(f, 'the flow file'));
    const incident: Incident = { id, file, ...(givenKey ? { key: givenKey } : {}), flowFiles: flows };
    this.byId.set(id, incident);
    return incident;
  }

  /** An app link carries the incident itself: kept as the capsule it would download as. */
  private fromLink(link: string, id: string): string {
    const decoded = decodeLink(link.slice(link.indexOf('#')));
    if (!decoded.ok) throw new ToolError(`cannot open the link: ${decoded.message}`);
    const file = path.join(this.folder, `${id}.zip`);
    writeFileSync(file, buildCapsule(decoded.payload));
    return file;
  }

  /** Flow sources given as text: written to a folder of their own, so the CLI's commands read them as files. */
  writeSources(sources: readonly SourceFile[]): string[] {
    const dir = mkdtempSync(path.join(this.folder, 'sources-'));
    return sources.map((s) => {
      const name = path.basename(s.name);
      if (name !== s.name || name === '' || name.startsWith('.')) throw new ToolError(`a source's name is a plain file name such as flow.ts, got '${s.name}'`);
      const file = path.join(dir, name);
      writeFileSync(file, s.text);
      return file;
    });
  }

  /** A JSON value as a file (a context for --context). */
  writeJson(name: string, value: unknown): string {
    const file = path.join(mkdtempSync(path.join(this.folder, 'json-')), name);
    writeFileSync(file, JSON.stringify(value));
    return file;
  }

  private async download(url: string, id: string): Promise<string> {
    let response: Response;
    try {
      response = await fetch(url, { signal: AbortSignal.timeout(DOWNLOAD_TIMEOUT_MS), redirect: 'follow' });
    } catch (e) {
      throw new ToolError(`could not read ${url}: ${e instanceof Error ? e.message : String(e)}`);
    }
    if (!response.ok) throw new ToolError(`${url} answered ${response.status} ${response.statusText}`);
    const declared = Number(response.headers.get('content-length') ?? 0);
    if (declared > MAX_DOWNLOAD_BYTES) throw new ToolError(`${url} is ${declared} bytes, more than the ${MAX_DOWNLOAD_BYTES} an incident may be`);
    const chunks: Uint8Array[] = [];
    let size = 0;
    const reader = response.body?.getReader();
    for (let r = await reader?.read(); r && !r.done; r = await reader?.read()) {
      size += r.value.byteLength;
      if (size > MAX_DOWNLOAD_BYTES) {
        await reader?.cancel();
        throw new ToolError(`${url} sent more than the ${MAX_DOWNLOAD_BYTES} bytes an incident may be`);
      }
      chunks.push(r.value);
    }
    const file = path.join(this.folder, `${id}${/\.zip(\?|$)/i.test(url) ? '.zip' : /\.enc(\?|$)/i.test(url) ? '.capsule.enc' : '.json'}`);
    writeFileSync(file, Buffer.concat(chunks));
    return file;
  }

  close(): void {
    rmSync(this.folder, { recursive: true, force: true });
  }
}

/** The real path of `p`, or of the nearest folder above it that exists (with the rest appended). */
function real(p: string): string {
  const parts: string[] = [];
  let at = path.resolve(p);
  while (!existsSync(at) && path.dirname(at) !== at) {
    parts.unshift(path.basename(at));
    at = path.dirname(at);
  }
  return path.join(realpathSync(at), ...parts);
}

/** A tool's failure in words for the agent (isError), not a protocol error. */
export class ToolError extends Error {}
