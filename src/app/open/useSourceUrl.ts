// The flow's source by URL: `?source=<url>` in the address (alone or beside
// ?trace=), or else, once a trace is open without source, the source URL
// template setting filled with the trace's flowName and version. The text is
// fetched by react-query and added as link code: shown, and run only on
// Replay. How the fetch goes is published to sourceFetchStore for the panel.
import { useEffect, useState } from 'react';
import type { TraceModel } from '../../core/trace/model';
import { expandSourceTemplate } from '../../core/source/sourceUrl';
import { SourceFetchError, useSourceByUrl, type SourceProblem } from '../../queries/sourceByUrl';
import { useSettingsStore } from '../../stores/settingsStore';
import { useSourceStore, type SourceFile } from '../../stores/sourceStore';
import { useSourceFetchStore, type PlacedSource, type SourceFetch, type SourceFetchVia } from '../../stores/sourceFetchStore';
import { useTraceStore } from '../../stores/traceStore';
import { useViewStore } from '../../stores/viewStore';

type Target = { readonly via: SourceFetchVia; readonly url: string } | { readonly via: 'template'; readonly url: undefined; readonly message: string };

const readParam = () => new URL(window.location.href).searchParams.get('source') ?? undefined;

/** ?source= as it is in the address now (it changes on back and forward). */
function useSourceParam(): string | undefined {
  const [url, setUrl] = useState(readParam);
  useEffect(() => {
    const read = () => setUrl(readParam());
    window.addEventListener('popstate', read);
    return () => window.removeEventListener('popstate', read);
  }, []);
  return url;
}

type Decision = { readonly target: Target | undefined; readonly onlyPlaced: boolean; readonly gaveOwn: boolean };

/** What to fetch now, if anything: ?source= first; else the template, while the trace has no source but the template's own. */
export function chooseSource(linkUrl: string | undefined, model: TraceModel | undefined, template: string, files: readonly SourceFile[], placed: PlacedSource | undefined): Decision {
  const onlyPlaced = files.length === 1 && files[0] === placed?.file;
  const gaveOwn = files.some((f) => f !== placed?.file);
  // The link names the code for this page; the template is for traces that came without.
  if (linkUrl !== undefined) return { target: { via: 'link', url: linkUrl }, onlyPlaced, gaveOwn };
  if (!model || !template.trim() || !(files.length === 0 || (onlyPlaced && placed?.via === 'template'))) return { target: undefined, onlyPlaced, gaveOwn };
  const expanded = expandSourceTemplate(template, { flowName: model.flowName, version: model.version }, window.location.href);
  if (!expanded.ok) return { target: files.length === 0 ? { via: 'template', url: undefined, message: expanded.message } : undefined, onlyPlaced, gaveOwn };
  // The template's file for another trace (another version) gives way to this trace's.
  return { target: onlyPlaced && placed?.url === expanded.url ? undefined : { via: 'template', url: expanded.url }, onlyPlaced, gaveOwn };
}

export function useSourceUrl(model: TraceModel | undefined): void {
  const linkUrl = useSourceParam();
  // While Settings is open the template is being typed: fetch it once it is put down, not per keystroke.
  const template = useSettingsStore((s) => s.sourceUrlTemplate);
  const editing = useViewStore((s) => s.dialog === 'settings');
  const files = useSourceStore((s) => s.files);
  // A restore puts its saved sources in while the trace is loading; a linked file goes in after that.
  const settled = useTraceStore((s) => s.local.status !== 'loading');
  const retries = useSourceFetchStore((s) => s.retries);
  const placed = useSourceFetchStore((s) => s.placed);
  const linkPlaced = useSourceFetchStore((s) => s.linkPlaced);
  const { target, onlyPlaced, gaveOwn } = chooseSource(linkUrl, model, editing ? '' : template, files, placed);
  // A link gives its file once, not again after the person replaced it.
  const linkDone = target?.via === 'link' && linkPlaced === target.url;

  const query = useSourceByUrl(linkDone ? undefined : target?.url);
  const data = query.data;

  useEffect(() => {
    if (!target?.url || linkDone || !data || !settled) return;
    const file: SourceFile = { name: data.name, text: data.text, origin: 'link' };
    const store = useSourceStore.getState();
    if (onlyPlaced) store.replaceFiles([file]);
    else store.addFiles([file]);
    useSourceFetchStore.getState().place({ file, via: target.via, url: target.url });
  }, [data, settled, target?.url, target?.via, linkDone]); // eslint-disable-line react-hooks/exhaustive-deps

  // Retry from the panel: fetch the same URL again.
  useEffect(() => {
    if (retries > 0) void query.refetch();
  }, [retries]); // eslint-disable-line react-hooks/exhaustive-deps

  // What the panel shows. A link's fetch is not shown over files the person gave (it still lands).
  let status: SourceFetch = { status: 'idle' };
  if (target && !linkDone && !(target.via === 'link' && gaveOwn)) {
    if (target.url === undefined) {
      status = { status: 'error', url: undefined, via: 'template', message: `The source URL template cannot be used for this trace: ${lowerFirst(target.message)}`, hint: 'Change the template in Settings, or add the flow file here.' };
    } else if (query.isFetching || (query.isPending && !data)) {
      status = { status: 'loading', url: target.url, via: target.via };
    } else if (query.isError) {
      const problem = query.error instanceof SourceFetchError ? query.error.problem : { message: query.error.message, hint: 'Try again, or download the file and drop it here.' };
      status = { status: 'error', url: target.url, via: target.via, message: problem.message, hint: notThere(problem, target.via) };
    }
  }
  const setStatus = useSourceFetchStore((s) => s.set);
  useEffect(() => setStatus(status));
}

/** Where to look when nothing is at the URL: the link, or the template for this trace's version. */
function notThere(problem: SourceProblem, via: SourceFetchVia): string {
  if (problem.status !== 404) return problem.hint;
  return via === 'link'
    ? 'Check the link: no flow file is at that address.'
    : 'Check the source URL template in Settings: no flow file is at that address for this trace’s flow and version.';
}

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);
