import type { SessionLedger } from '@svc-embed/host';
import { computed, getCurrentInstance, onMounted, shallowRef, watch, type ComputedRef } from 'vue';
import type { LooseEmbedOptions } from './embed-settings.js';
import { injectOptionalLedger } from './session-ledger.js';

/** The viewer an embed belongs to: its ledger, and whether they are signed out. */
export interface Viewer {
  /** The `ledger` option, else the provided one, else none (a ledger of the embed's own). */
  ledger: ComputedRef<SessionLedger | undefined>;
  /** Signed out by the provider, or by a logout of the ledger given as an option: make nothing until signed in again. */
  signedOut: ComputedRef<boolean>;
}

/** The {@link Viewer} of an embed whose options `read` gives. */
export function useViewer(read: () => LooseEmbedOptions): Viewer {
  const provided = injectOptionalLedger();
  const ledger = computed(() => read().ledger ?? provided?.ledger.value);
  // A ledger given as an option is not reactive: the one that logged out is kept here to be seen.
  const loggedOut = shallowRef<SessionLedger | undefined>();
  const watchLogouts = () => watch(() => read().ledger, (own, _, onCleanup) => {
    if (own) onCleanup(own.onLogout(() => {
      loggedOut.value = own;
    }));
  }, { immediate: true });
  // Only in the browser (mounted), so that server rendering keeps no listener on a ledger.
  if (getCurrentInstance()) onMounted(watchLogouts);
  else watchLogouts();
  const signedOut = computed(() => {
    const own = read().ledger;
    if (!own) return provided?.status.value === 'signed-out';
    return own.loggedOut || loggedOut.value === own;
  });
  return { ledger, signedOut };
}
