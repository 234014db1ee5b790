'use client';
import { createSessionLedger, type LogoutResult, type SessionLedger } from '@svc-embed/host';
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';

/** The signed-in viewer's ledger and how to sign them out. */
export interface SessionLedgerValue {
  /** The ledger of the viewer signed in now: every `<SvcEmbed>` below uses it. */
  ledger: SessionLedger;
  /**
   * Signs the viewer out: destroys every embed of the ledger, revokes every id minted for them, and
   * starts a new ledger for whoever signs in next (a ledger that has logged out takes no embeds).
   */
  logout(): Promise<LogoutResult>;
}

const LedgerContext = createContext<SessionLedgerValue | undefined>(undefined);

/**
 * Holds one session ledger per signed-in viewer for the embeds below it, replaced after `logout()`,
 * so signing out and in again works without a reload.
 * @example
 * <SessionLedgerProvider><App /></SessionLedgerProvider>
 * const { logout } = useSessionLedger(); // in the sign-out button
 */
export function SessionLedgerProvider({ children }: { children?: ReactNode }) {
  const [ledger, setLedger] = useState(createSessionLedger);
  const logout = useCallback(async () => {
    const result = await ledger.logout();
    setLedger(createSessionLedger());
    return result;
  }, [ledger]);
  const value = useMemo(() => ({ ledger, logout }), [ledger, logout]);
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

/** The provider's ledger, or undefined without one (then each embed has a ledger of its own). */
export function useOptionalLedger(): SessionLedger | undefined {
  return useContext(LedgerContext)?.ledger;
}
