'use client';
import { createSessionLedger, type LogoutResult, type SessionLedger } from '@svc-embed/host';
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';

/**
 * Whether a viewer is signed in: `signed-in` from the start; `signed-out` after `logout()`, when
 * every `<SvcEmbed>` and `useEmbed` below stays empty (no embed, no mint, no iframe) until `signIn()`.
 */
export type ViewerStatus = 'signed-in' | 'signed-out';

/** The viewer's ledger, whether they are signed in, and how to sign them out and in again. */
export interface SessionLedgerValue {
  /** The ledger of the viewer: every `<SvcEmbed>` below uses it. */
  ledger: SessionLedger;
  /** `signed-out` after `logout()` until `signIn()`: the embeds below make nothing meanwhile. */
  status: ViewerStatus;
  /**
   * Signs the viewer out: destroys every embed of the ledger and revokes every id minted for them;
   * resolves with what happened (`LogoutResult`: `complete` is false while an id may still be live,
   * and a later call retries). The embeds below stay signed out (mounted, but empty) until `signIn()`.
   */
  logout(): Promise<LogoutResult>;
  /** Signs a viewer in: a new ledger, and every embed below embeds again, each with a fresh id. */
  signIn(): void;
}

const LedgerContext = createContext<SessionLedgerValue | undefined>(undefined);

/**
 * Holds the session ledger of one viewer for the embeds below it. After `logout()` the viewer is
 * signed out and the embeds below stay empty, mounted or not, until `signIn()` starts a new ledger
 * (or the provider is mounted anew, with a new `key`): signing out and in again needs no reload.
 * @example
 * <SessionLedgerProvider><App /></SessionLedgerProvider>
 * const { status, logout, signIn } = useSessionLedger(); // in the sign-out and sign-in buttons
 */
export function SessionLedgerProvider({ children }: { children?: ReactNode }) {
  const [viewer, setViewer] = useState(() => ({ ledger: createSessionLedger(), status: 'signed-in' as ViewerStatus }));
  const { ledger, status } = viewer;
  // Signed out by logout() here, or by a sign-out in another tab through a session endpoint.
  useEffect(() => ledger.onLogout(() => setViewer((current) => (current.ledger === ledger ? { ledger, status: 'signed-out' } : current))), [ledger]);
  const logout = useCallback(() => ledger.logout(), [ledger]);
  const signIn = useCallback(() => setViewer({ ledger: createSessionLedger(), status: 'signed-in' }), []);
  const value = useMemo(() => ({ ledger, status, logout, signIn }), [ledger, status, logout, signIn]);
  return <LedgerContext.Provider value={value}>{children}</LedgerContext.Provider>;
}

/**
 * The viewer's ledger and `logout()` from the nearest {@link SessionLedgerProvider}.
 * @throws {Error} when there is no provider above
 */
export function useSessionLedger(): SessionLedgerValue {
  const value = useContext(LedgerContext);
  if (!value) throw new Error('useSessionLedger() needs a <SessionLedgerProvider> above it');
  return value;
}

/** The provider's ledger and status, or undefined without a provider (then each embed has a ledger of its own). */
export function useOptionalLedger(): Pick<SessionLedgerValue, 'ledger' | 'status'> | undefined {
  return useContext(LedgerContext);
}
