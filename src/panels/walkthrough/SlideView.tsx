// One walkthrough slide, in type large enough to read from the back of a
// room. The same component draws it for the presenter and, from the posted
// copy, for the audience. Every value is a string rendered as text.
import type { ChangeText, PipelineSlide, Slide, SlideLogpoint, Tone } from '../../core/walkthrough/slide';
import type { ValueLine } from '../../core/walkthrough/valueLines';
import type { SourceExcerpt } from '../../core/walkthrough/excerpt';

const TONE: Record<Tone, string> = { ok: 'text-ok', err: 'text-err', muted: 'text-muted', paradox: 'text-paradox' };

const heading = 'text-base font-semibold uppercase tracking-wide text-muted';

/** "Step 3 of 3", and in "Starred only" where that is in the starred steps. */
export function positionText(slide: Slide, mode: 'all' | 'starred', position: number, count: number): string {
  const step = `Step ${(slide.step + 1).toLocaleString('en-US')} of ${slide.total.toLocaleString('en-US')}`;
  return mode === 'starred' ? `Starred ${position + 1} of ${count} · ${step}` : step;
}

function Source({ source, missing }: { source: SourceExcerpt | undefined; missing: string | undefined }) {
  return (
    <section aria-label="Source" className="min-w-0 rounded-lg border border-line bg-panel p-4">
      <h3 className={heading}>
        Source
        {/* A file name keeps its case: flow.ts, not FLOW.TS. */}
        {source && <span className="font-mono normal-case tracking-normal"> · {`${source.file}:${source.focus}`}</span>}
      </h3>
      {source ? (
        <ol className="mt-2 font-mono text-base leading-relaxed xl:text-lg" aria-label={`Lines ${source.lines[0]?.number ?? ''} to ${source.lines.at(-1)?.number ?? ''} of ${source.file}`}>
          {source.lines.map((l) => {
            const focus = l.number === source.focus;
            return (
              <li key={l.number} aria-current={focus ? 'true' : undefined} className={`flex rounded ${focus ? 'bg-accent-soft font-semibold text-fg' : 'text-muted'}`}>
                <span aria-hidden className="w-14 shrink-0 select-none pr-3 text-right">
                  {focus ? '▶' : ''}
                  {l.number}
                </span>
                {/* Wrapped, not cut: a line that runs off the side is a line the room cannot read. */}
                <span className="min-w-0 whitespace-pre-wrap break-words pl-[4ch] -indent-[4ch]">{l.text || ' '}</span>
              </li>
            );
          })}
        </ol>
      ) : (
        <p className="mt-2 text-xl text-muted">{missing}</p>
      )}
    </section>
  );
}

function Change({ c }: { c: ChangeText }) {
  return (
    <li className="break-words">
      <span className="font-semibold">{c.path}</span>
      {': '}
      {c.kind === 'added' ? (
        <span className="text-ok">+ {c.after}</span>
      ) : c.kind === 'removed' ? (
        <span className="text-err">− {c.before}</span>
      ) : (
        <>
          <span className="text-err line-through decoration-2">{c.before}</span> <span aria-label="became">→</span> <span className="text-ok">{c.after}</span>
        </>
      )}
    </li>
  );
}

function Lines({ lines, label, mark }: { lines: readonly ValueLine[]; label: string; mark: string }) {
  return (
    <ol aria-label={label} className="mt-1 font-mono text-sm leading-snug xl:text-base">
      {lines.map((l, i) => (
        <li key={i} data-changed={l.changed || undefined} className={`whitespace-pre-wrap break-words rounded pr-1 pl-[calc(4ch+0.25rem)] -indent-[4ch] ${l.changed ? mark : l.gap ? 'text-muted' : ''}`}>
          {l.text}
        </li>
      ))}
    </ol>
  );
}

function Pipeline({ pipeline }: { pipeline: PipelineSlide }) {
  if (pipeline.kind === 'none') {
    return (
      <section aria-label="Pipeline value" className="min-w-0 rounded-lg border border-line bg-panel p-4">
        <h3 className={heading}>Pipeline value</h3>
        <p className="mt-2 text-xl text-muted">{pipeline.reason}</p>
      </section>
    );
  }
  const { before, after, changes, from } = pipeline;
  // With only a value before (the step threw), what produced it, and what changed on the way in, is the part to point at.
  const beforeMark = from ? 'bg-warn-soft text-warn font-semibold' : 'bg-err-soft text-err font-semibold';
  return (
    <section aria-label="Pipeline value" className="min-w-0 rounded-lg border border-line bg-panel p-4">
      <h3 className={heading}>
        {from ? <>Pipeline value · {from}</> : 'Pipeline value · what this step changed'}
        {pipeline.stale ? ' · stale: the code was edited since this replay' : ''}
      </h3>
      {changes.length > 0 ? (
        <ul aria-label="Changed" className="mt-2 space-y-1 font-mono text-xl xl:text-2xl">
          {changes.map((c) => (
            <Change key={`${c.kind}:${c.path}`} c={c} />
          ))}
          {pipeline.moreChanges > 0 && <li className="text-lg text-muted">and {pipeline.moreChanges} more</li>}
        </ul>
      ) : (
        before && after && <p className="mt-2 text-xl text-muted">Nothing: it passed on the value it received.</p>
      )}
      <div className="mt-3 grid grid-cols-2 gap-4">
        <div className="min-w-0">
          <h4 className={heading}>Before</h4>
          {before ? <Lines lines={before} label="Pipeline before" mark={beforeMark} /> : <p className="mt-1 text-lg text-muted">—</p>}
        </div>
        <div className="min-w-0">
          <h4 className={heading}>After</h4>
          {after ? <Lines lines={after} label="Pipeline after" mark="bg-ok-soft text-ok font-semibold" /> : <p className="mt-1 text-lg text-muted">{pipeline.afterMissing}</p>}
        </div>
      </div>
    </section>
  );
}

/** The values the person pinned from this step's logpoints: `flow.ts:31 total = 0`, as the Logs panel shows them. */
function Logpoints({ logpoints, more }: { logpoints: readonly SlideLogpoint[]; more: number }) {
  return (
    <section aria-label="Logpoints" className="min-w-0 rounded-lg border border-line bg-panel p-4">
      <h3 className={heading}>Logpoints · pinned values</h3>
      <ul className="mt-2 space-y-1 font-mono text-lg xl:text-xl">
        {logpoints.map((l, i) => (
          <li key={i} className="break-words">
            <span className="text-muted">
              {l.file}:{l.line}
            </span>{' '}
            <span className="font-semibold">{l.expr}</span> <span className="text-muted">=</span> <span className="text-accent">{l.text}</span>
          </li>
        ))}
        {more > 0 && <li className="text-base text-muted">and {more} more</li>}
      </ul>
    </section>
  );
}

export function SlideView({ slide, where }: { slide: Slide; where: string }) {
  return (
    <article aria-label={`${where}: step ${slide.step + 1}, ${slide.command}`} className="mx-auto flex w-full max-w-[1600px] flex-col gap-5">
      <header className="flex flex-wrap items-baseline gap-x-5 gap-y-1">
        <h2 className="break-all font-mono text-4xl font-semibold">{slide.command}</h2>
        {slide.starred && (
          <span className="text-3xl text-warn" role="img" aria-label="Starred">
            ★
          </span>
        )}
        <span className="text-xl text-muted">
          {slide.path !== undefined ? `path ${slide.path} · ` : ''}
          {slide.duration}
        </span>
      </header>
      {slide.note ? (
        <blockquote aria-label="Note" className="whitespace-pre-wrap break-words border-l-4 border-accent pl-5 text-2xl leading-snug xl:text-3xl">
          {slide.note}
        </blockquote>
      ) : (
        <p className="text-xl text-muted">No note on this step.</p>
      )}
      <section aria-label="Outcome" className="space-y-1 text-xl xl:text-2xl">
        <p className="break-words">
          <span className="text-muted">Recorded: </span>
          <span className={`font-semibold ${TONE[slide.recorded.tone]}`}>{slide.recorded.text}</span>
          {/* The value on its own line: a long one then wraps without splitting the outcome from its mark. */}
          {slide.recorded.value !== undefined && <span className="mt-1 block font-mono text-lg xl:text-xl">{slide.recorded.value}</span>}
        </p>
        {slide.replayed && (
          <p className="break-words">
            <span className="text-muted">Replayed: </span>
            <span className={`font-semibold ${TONE[slide.replayed.tone]}`}>{slide.replayed.text}</span>
            <span className="text-xl text-muted">
              {' · '}
              {slide.replayed.ended}
              {slide.replayed.stale ? ' (stale: the code was edited since)' : ''}
            </span>
          </p>
        )}
      </section>
      {/* Above the source: a pinned value is what the presenter stopped on, the line that says why. */}
      {slide.logpoints && <Logpoints logpoints={slide.logpoints} more={slide.moreLogpoints ?? 0} />}
      <div className="grid gap-5 lg:grid-cols-2">
        <Source source={slide.source} missing={slide.sourceMissing} />
        <Pipeline pipeline={slide.pipeline} />
      </div>
    </article>
  );
}
