// `?capsule=<url>#key=<key>` on load opens that encrypted capsule (openCapsuleLink.ts, which says
// how). That code is fetched only when the address names a capsule, so other pages never load it.
import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { hasCapsuleLink } from '../../core/share/recognize';

// StrictMode runs effects twice; a capsule link is opened once per page.
let started = false;

/** A `?capsule=…#key=…` link opens on first load. */
export function useCapsuleUrl() {
  const client = useQueryClient();
  useEffect(() => {
    if (started) return;
    started = true;
    if (!hasCapsuleLink(window.location.href)) return;
    void import('./openCapsuleLink').then((m) => m.openCapsuleAddress(client));
  }, [client]);
}
