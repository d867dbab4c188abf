// The Share dialog's "encrypted capsule, for hosting": the capsule sealed in this browser under a
// key made for it (core/share/encrypted.ts), downloaded to be put on any host the person likes, and
// the link that opens it, `?capsule=<where it is hosted>#key=<key>`. The key lives in this
// component only: nothing stores it, so closing the dialog forgets it, and the section says so.
import { useId, useState } from 'react';
import type { IncidentPayload } from '../../core/share/payload';
import { buildCapsule } from '../../core/share/capsule';
import { ARMORED_EXTENSION, armorCapsule, ENCRYPTED_EXTENSION, encryptCapsule, subtleCrypto } from '../../core/share/encrypted';
import { capsuleLink } from '../../core/share/capsuleAddress';
import { sizeText } from '../../core/share/sizeText';
import { download as save } from './download';
import { appBase } from '../../core/share/appAddress';
import { useSettingsStore } from '../../stores/settingsStore';

type Sealed =
  | { readonly state: 'idle' }
  | { readonly state: 'sealing' }
  | { readonly state: 'ready'; readonly from: IncidentPayload; readonly bytes: Uint8Array; readonly key: string; readonly fileName: string }
  | { readonly state: 'failed'; readonly message: string };


/** The hosted file's address as typed, when it is one a browser can fetch. */
function hostedUrl(text: string): string | undefined {
  try {
    const url = new URL(text.trim());
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

const secondary = 'rounded border border-line px-3 py-1.5 hover:bg-raised disabled:opacity-50';
const field = 'mt-1 w-full rounded border border-line bg-bg p-1.5 font-mono text-[11px]';

export function EncryptedCapsuleSection({ payload, fileBase }: { payload: IncidentPayload; fileBase: string }) {
  const [sealed, setSealed] = useState<Sealed>({ state: 'idle' });
  const [where, setWhere] = useState('');
  const [copied, setCopied] = useState(false);
  const titleId = useId();
  const noCrypto = subtleCrypto() === undefined;

  const seal = async () => {
    setSealed({ state: 'sealing' });
    try {
      const { bytes, key } = await encryptCapsule(buildCapsule(payload));
      const fileName = `${fileBase}${ENCRYPTED_EXTENSION}`;
      save(bytes, fileName, 'application/octet-stream');
      setSealed({ state: 'ready', from: payload, bytes, key, fileName });
    } catch (error) {
      setSealed({ state: 'failed', message: error instanceof Error ? error.message : String(error) });
    }
  };

  const appUrl = useSettingsStore((s) => s.appUrl);
  const url = hostedUrl(where);
  // On the app's public address (Settings), as the incident link is: never this machine's 127.0.0.1 when one is set.
  const link = sealed.state === 'ready' && url ? capsuleLink(appBase(appUrl, window.location.href), url, sealed.key) : '';
  return (
    <section aria-labelledby={titleId} className="space-y-2 rounded border border-line p-2.5 text-[12px]" data-testid="encrypted-capsule">
      <h3 id={titleId} className="font-medium">
        Encrypted capsule, to host yourself
      </h3>
      <p className="text-muted">
        Put it on any host (a bucket, a gist, a wiki): the host only sees ciphertext, and the key stays in the part of the link after #, which no server receives.
      </p>
      {noCrypto ? (
        <p role="note" className="text-warn">
          Encryption needs a secure context (https or localhost): this page was opened over plain http, where the browser offers no WebCrypto. Open Timescope over https or on
          localhost to make an encrypted capsule; the plain capsule still works here.
        </p>
      ) : (
        <div className="flex flex-wrap items-center gap-2">
          <button type="button" className={secondary} disabled={sealed.state === 'sealing'} onClick={() => void seal()}>
            {sealed.state === 'sealing' ? 'Encrypting…' : 'Download encrypted capsule'}
          </button>
          {sealed.state === 'ready' && (
            <button type="button" className={secondary} onClick={() => save(armorCapsule(sealed.bytes), `${fileBase}${ARMORED_EXTENSION}`, 'text/plain')}>
              Same file as text (for a gist)
            </button>
          )}
        </div>
      )}
      {sealed.state === 'failed' && (
        <p role="alert" className="text-err">
          Could not make the encrypted capsule: {sealed.message}
        </p>
      )}
      {sealed.state === 'ready' && (
        <>
          <p className="text-ok" role="status">
            Downloaded {sealed.fileName} ({sizeText(sealed.bytes.length)}). Its key is below and nowhere else: copy the link before you close this dialog.
          </p>
          {sealed.from !== payload && <p className="text-warn">The options above changed since: download again to share them; this key opens the file already downloaded.</p>}
          <label className="block">
            <span className="text-muted">Key</span>
            <input readOnly value={sealed.key} className={field} onFocus={(e) => e.currentTarget.select()} />
          </label>
          <label className="block">
            <span className="text-muted">Where it will be hosted (URL)</span>
            <input
              type="url"
              value={where}
              placeholder={`https://…/${sealed.fileName}`}
              onChange={(e) => setWhere(e.target.value)}
              className={field}
              spellCheck={false}
            />
          </label>
          {where.trim() !== '' && !url && <p className="text-warn">Not an http(s) address yet: paste the file's raw or download link.</p>}
          <label className="block">
            <span className="text-muted">Link that opens it (the key is the part after #key=)</span>
            <textarea
              readOnly
              aria-label="Encrypted capsule link"
              rows={3}
              value={link}
              placeholder="The link appears here once the address above is filled in."
              className={`${field} resize-none break-all`}
            />
          </label>
          <div className="flex justify-end">
            <button
              type="button"
              disabled={!link}
              className="rounded bg-accent px-3 py-1.5 font-medium text-white disabled:opacity-50 dark:text-bg"
              onClick={async () => {
                await navigator.clipboard?.writeText(link).catch(() => undefined);
                setCopied(true);
                window.setTimeout(() => setCopied(false), 1500);
              }}
            >
              {copied ? 'Copied ✓' : 'Copy encrypted link'}
            </button>
          </div>
        </>
      )}
    </section>
  );
}
