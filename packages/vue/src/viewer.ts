import type { SessionLedger } from '@svc-embed/host';
import { computed, type ComputedRef } from 'vue';
import type { LooseEmbedOptions } from './embed-settings.js';
import { injectOptionalLedger } from './session-ledger.js';

/** The viewer an embed belongs to: its ledger, and whether they are signed out. */
interface Viewer {
  /** The `ledger` option, else the provided one, else none (a ledger of the embed's own). */
  ledger: ComputedRef<SessionLedger | undefined>;
  /**
   * Signed out by the provider (its `logout()`, or a sign-out in another tab), or by a logout of the
   * ledger given as an option (seen with the next change of the options, as React's `useEmbed` sees
   * it with the next render): make nothing until signed in again.
   */
  signedOut: ComputedRef<boolean>;
}

/** The {@link Viewer} of an embed whose options `read` gives (`recipe`: what makes a new embed, read so that its changes look again). */
export function useViewer(read: () => LooseEmbedOptions, recipe: ComputedRef<string>): Viewer {
  const provided = injectOptionalLedger();
  const ledger = computed(() => read().ledger ?? provided?.ledger.value);
  const signedOut = computed(() => {
    const own = read().ledger;
    return own ? recipe.value !== '' && own.signedOut : provided?.status.value === 'signed-out';
  });
  return { ledger, signedOut };
}
