import { createSessionLedger, type LogoutResult, type SessionLedger } from '@svc-embed/host';
import { inject, provide, shallowRef, type InjectionKey, type ShallowRef } from 'vue';

/**
 * Whether a viewer is signed in: `signed-in` from the start; `signed-out` after `logout()`, when
 * every `<SvcEmbed>` and `useEmbed` below stays empty (no embed, no mint, no iframe) until `signIn()`.
 */
export type ViewerStatus = 'signed-in' | 'signed-out';

/** The viewer's ledger, whether they are signed in, and how to sign them out and in again. */
export interface SessionLedgerValue {
  /** The ledger of the viewer: every `<SvcEmbed>` and `useEmbed` below uses it. */
  readonly ledger: Readonly<ShallowRef<SessionLedger>>;
  /** `signed-out` after `logout()` (here or in another tab) until `signIn()`: the embeds below make nothing meanwhile. */
  readonly status: Readonly<ShallowRef<ViewerStatus>>;
  /**
   * Signs the viewer out: destroys every embed of the ledger and revokes every id minted for them;
   * resolves with what happened (`LogoutResult`: `complete` is false while an id may still be live,
   * and a later call retries). The embeds below stay signed out (mounted, but empty) until `signIn()`.
   */
  logout(): Promise<LogoutResult>;
  /** Signs a viewer in: a new ledger, and every embed below embeds again, each with a fresh id. */
  signIn(): void;
}

/** The viewer's ledger and status, as `provideSessionLedger` provides them. */
const LEDGER_KEY: InjectionKey<SessionLedgerValue> = Symbol();

/**
 * Makes one viewer's session ledger and provides it to the components below the calling one (call
 * it in the `setup` of your app's root component). After `logout()` the viewer is signed out and the
 * embeds below stay empty, mounted or not, until `signIn()` starts a new ledger: signing out and in
 * again needs no reload. A sign-out in another tab through a `sessionEndpoint` signs this viewer
 * out too.
 * @example
 * // App.vue, <script setup>
 * const { status, logout, signIn } = provideSessionLedger();
 */
export function provideSessionLedger(): SessionLedgerValue {
  // Shallow refs: they hand out the ledger itself (a reactive proxy of it would not be the embeds' ledger).
  const ledger = shallowRef(createSessionLedger());
  const status = shallowRef<ViewerStatus>('signed-in');
  // Signed out by logout() here, or by a sign-out in another tab through a session endpoint.
  const followSignOut = (current: SessionLedger) => current.onLogout(() => {
    if (ledger.value === current) status.value = 'signed-out';
  });
  const signIn = () => {
    ledger.value = createSessionLedger();
    status.value = 'signed-in';
    followSignOut(ledger.value);
  };
  followSignOut(ledger.value);
  const value: SessionLedgerValue = { ledger, status, logout: () => ledger.value.logout(), signIn };
  provide(LEDGER_KEY, value);
  return value;
}

/**
 * The viewer's ledger, status, `logout()` and `signIn()` from the nearest `provideSessionLedger()`
 * above.
 * @throws {Error} when there is none above
 */
export function useSessionLedger(): SessionLedgerValue {
  const value = injectOptionalLedger();
  if (!value) throw new Error('useSessionLedger() needs provideSessionLedger() above');
  return value;
}

/** The provided ledger and status, or undefined without a provider (then each embed has a ledger of its own). */
export function injectOptionalLedger(): SessionLedgerValue | undefined {
  return inject(LEDGER_KEY, undefined);
}
