'use client';
import { EmbedError, type Embed, type UrlSync } from '@svc-embed/host';
import { useEffect } from 'react';

/**
 * Runs the `syncUrl` prop (`urlParam('dash')`, a router's adapter) for the embed while it lives; a
 * new one starts it again. The prop brings `syncUrl` with it: this file does not import it, so a
 * component without the prop does not carry it.
 * @throws {EmbedError} `invalid-option` for a prop that is no `UrlSync` (a bare parameter name, say)
 */
export function useSyncUrl(embed: Embed | undefined, sync: UrlSync | undefined): void {
  useEffect(() => {
    if (!embed || sync === undefined) return;
    if (typeof sync?.follow !== 'function')
      throw new EmbedError('invalid-option', `syncUrl takes urlParam('dash') or a router's adapter (got ${JSON.stringify(sync)})`);
    return sync.follow(embed);
  }, [embed, sync]);
}
