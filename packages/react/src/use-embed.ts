'use client';
import type { Embed, EmbedState } from '@svc-embed/host';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useOptionalLedger } from './session-ledger-context.js';
import type { UseEmbedOptions } from './use-embed-options.js';
import { useFollowedSettings } from './use-followed-settings.js';
import { useSyncUrl } from './use-sync-url.js';
import { createEmbedFromProps } from './embed-options.js';

/** What {@link useEmbed} returns. */
export interface UseEmbedResult {
  /** Put it on the element the iframe goes into (`<div ref={ref} />`). */
  ref: (element: HTMLElement | null) => void;
  /** The embed, once created in the browser (never during server rendering, never while signed out). */
  embed: Embed | undefined;
  /** True while the viewer is signed out (the provider's `logout()`, or a `ledger` prop that signed out): no embed is made. */
  signedOut: boolean;
  /** The embed's `state` (`minting`, `loading`, `ready`, `renewing`, `failed` …), re-rendered on each change; undefined without an embed. */
  state: EmbedState | undefined;
}

/** `useLayoutEffect` in the browser; on the server, where it would only warn (React 18), `useEffect`, which does nothing there either. */
const useLayoutEffectInBrowser = typeof document === 'undefined' ? useEffect : useLayoutEffect;

/**
 * Creates an embed in the element that gets `ref`, and destroys it on unmount. Changing a listener or
 * a session callback never recreates it (the latest one is called); changing `baseUrl`, `publicId`,
 * `src`, `allowExport`, `sessionEndpoint` or the ledger, or giving or removing `mintSessionId`, does
 * (a new URL and session). While the viewer is signed out (see `SessionLedgerProvider`) it makes no
 * embed. `colorScheme`, `locale`, `timezone` and `theme` follow through actions. Under React StrictMode the embed of the discarded
 * first mount mints nothing. With `keepAlive` (`keepAlive('reports')`), an unmount parks the embed
 * and the next mount with that key adopts it: no mint, no load; the followed settings are sent to it.
 * @example
 * const { ref, embed } = useEmbed({ baseUrl, publicId: 'd-42', mintSessionId, onDownload: (p) => track(p.format) });
 * return <div ref={ref} style={{ height: 640 }} />;
 */
export function useEmbed(options: UseEmbedOptions): UseEmbedResult {
  const [container, setContainer] = useState<HTMLElement | null>(null);
  const [embed, setEmbed] = useState<Embed>();
  const [state, setState] = useState<EmbedState>();
  const latest = useRef(options);
  latest.current = options;
  const viewer = useOptionalLedger();
  const ledger = options.ledger ?? viewer?.ledger;
  // Signed out by the provider, or by a sign-out of the ledger given as a prop: make nothing until signed in again.
  const signedOut = options.ledger ? options.ledger.signedOut : viewer?.status === 'signed-out';
  const signed = options.mintSessionId !== undefined;
  const { baseUrl, publicId, src, allowExport, sessionEndpoint } = options;

  useEffect(() => {
    if (!container || signedOut) return;
    const created = createEmbedFromProps({ container, ledger, latest });
    created.on('state', (change) => setState(change.state));
    setEmbed(created);
    setState(created.state);
    return () => {
      created.destroy();
      setEmbed(undefined);
      setState(undefined);
    };
    // Deliberately not on every option: the timezone is in the first URL and follows through
    // set-timezone after that; listeners and callbacks are read from `latest` when called.
  }, [container, baseUrl, publicId, src, allowExport, sessionEndpoint, signed, ledger, signedOut]);

  // A kept embed (the keepAlive prop) is parked while its container is still in the document: React
  // removes the DOM before it runs the passive clean-up above, and an iframe taken out of a removed
  // element has lost its page. (The clean-up above then finds it parked: destroy() is idempotent.)
  useLayoutEffectInBrowser(() => () => {
    if (embed && latest.current.keepAlive) embed.destroy();
  }, [embed]);
  useFollowedSettings(embed, options);
  useSyncUrl(embed, options.syncUrl);
  // The state's setter is the callback ref: the same function on every render.
  return { ref: setContainer, embed, signedOut, state };
}
