import { createSessionLedger, type LogoutResult, type SessionLedger } from '@svc-embed/host';
import { computed, defineComponent, inject, onMounted, provide, shallowRef, watch, type ComputedRef, type InjectionKey } from 'vue';

/**
 * Whether a viewer is signed in: `signed-in` from the start; `signed-out` after `logout()`, when
 * every `<SvcEmbed>` and `useEmbed` below stays empty (no embed, no mint, no iframe) until `signIn()`.
 */
export type ViewerStatus = 'signed-in' | 'signed-out';

/** The viewer's ledger, whether they are signed in, and how to sign them out and in again. */
export interface SessionLedgerValue {
  /** The ledger of the viewer: every `<SvcEmbed>` and `useEmbed` below uses it. */
  readonly ledger: ComputedRef<SessionLedger>;
  /** `signed-out` after `logout()` (here or in another tab) until `signIn()`: the embeds below make nothing meanwhile. */
  readonly status: ComputedRef<ViewerStatus>;
  /**
   * Signs the viewer out: destroys every embed of the ledger and revokes every id minted for them.
   * The embeds below stay signed out (mounted, but empty) until `signIn()`.
   */
  logout(): Promise<LogoutResult>;
  /** Signs a viewer in: a new ledger, and every embed below embeds again, each with a fresh id. */
  signIn(): void;
}

/** The viewer's ledger and status, as `provideSessionLedger` provides them. */
const LEDGER_KEY: InjectionKey<SessionLedgerValue> = Symbol('svc-embed session ledger');

/**
 * Makes one viewer's session ledger and provides it to the components below the calling one (call
 * it in the `setup` of your app's root, or use `<SessionLedgerProvider>`). After `logout()` the viewer
 * is signed out and the embeds below stay empty, mounted or not, until `signIn()` starts a new
 * ledger: signing out and in again needs no reload. A sign-out in another tab through a
 * `sessionEndpoint` signs this viewer out too.
 * @example
 * // App.vue, <script setup>
 * const { status, logout, signIn } = provideSessionLedger();
 */
export function provideSessionLedger(): SessionLedgerValue {
  const ledger = shallowRef(createSessionLedger());
  const status = shallowRef<ViewerStatus>('signed-in');
  // Only in the browser (mounted): server rendering keeps no listener on a ledger.
  onMounted(() => {
    watch(ledger, (current, _, onCleanup) => {
      onCleanup(current.onLogout(() => {
        if (ledger.value === current) status.value = 'signed-out';
      }));
    }, { immediate: true });
  });
  const value: SessionLedgerValue = {
    // Read-only views that hand out the ledger itself (a reactive proxy of it would not be the embeds' ledger).
    ledger: computed(() => ledger.value),
    status: computed(() => status.value),
    logout: () => ledger.value.logout(),
    signIn() {
      ledger.value = createSessionLedger();
      status.value = 'signed-in';
    },
  };
  provide(LEDGER_KEY, value);
  return value;
}

/**
 * Holds the session ledger of one viewer for the embeds in its default slot: the component form of
 * {@link provideSessionLedger}, whose value `useSessionLedger()` gives below it.
 * @example
 * <SessionLedgerProvider><RouterView /></SessionLedgerProvider>
 */
export const SessionLedgerProvider = defineComponent({
  name: 'SessionLedgerProvider',
  setup(_, { slots }) {
    provideSessionLedger();
    return () => slots.default?.();
  },
});

/**
 * The viewer's ledger, status, `logout()` and `signIn()` from the nearest `provideSessionLedger()`
 * or `<SessionLedgerProvider>` above.
 * @throws {Error} when there is none above
 */
export function useSessionLedger(): SessionLedgerValue {
  const value = inject(LEDGER_KEY, undefined);
  if (!value) throw new Error('useSessionLedger() needs provideSessionLedger() or a <SessionLedgerProvider> above it');
  return value;
}

/** The provided ledger and status, or undefined without a provider (then each embed has a ledger of its own). */
export function injectOptionalLedger(): SessionLedgerValue | undefined {
  return inject(LEDGER_KEY, undefined);
}
