'use client';
import { syncUrl, type Embed, type UrlAdapter } from '@svc-embed/host';
import { useEffect } from 'react';

/** Runs `syncUrl` for the embed while it lives; a new parameter name or adapter starts it again. */
export function useSyncUrl(embed: Embed | undefined, target: string | UrlAdapter | undefined): void {
  useEffect(() => {
    if (!embed || target === undefined) return;
    return syncUrl(embed, typeof target === 'string' ? { param: target } : { adapter: target });
  }, [embed, target]);
}
