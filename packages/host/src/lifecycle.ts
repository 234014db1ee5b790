import type { ReadyPayload } from '@svc-embed/protocol';
import { createScope, type Scope } from '@svc-embed/runtime';
import { createDeferred, type Deferred } from './base/deferred.js';
import { destroyedError } from './base/errors.js';
import type { EmbedIds } from './ledger/embed-ids.js';
import type { MountedIframe } from './mount/embed-iframe.js';

/** Who ended an embed: its own `destroy()`, or the ledger's `logout()` (which removes a wrapped iframe too). */
type DestroyedBy = 'destroy' | 'sign-out';

/** The embed's life: its scope, its `ready` promise, its iframe in the page, and its end. */
export interface Lifecycle {
  /** Every listener, timer and clean-up of the embed; the parts made later register theirs here. */
  readonly scope: Scope;
  /** `embed.ready`: settled by the renewal part, rejected with `destroyed` on destroy. */
  readonly ready: Promise<ReadyPayload>;
  /** Settles {@link Lifecycle.ready}. */
  readonly settleReady: Pick<Deferred<ReadyPayload>, 'resolve' | 'reject'>;
  /**
   * Ends the embed: disposes the scope (every part's clean-up runs), leaves the ledger, removes the
   * iframe when it should; a `destroy()` that removes it revokes the embed's own ids (no one is
   * served by them any more). Idempotent.
   */
  destroy(by: DestroyedBy): void;
  /**
   * Puts a created iframe in its container, unless it is in the page already or the embed has ended.
   * Idempotent. With `later`, `assembleEmbed` calls it after the first mint's request is out.
   */
  place(): void;
}

/** Options of {@link createLifecycle}. */
interface LifecycleOptions {
  /** The window whose timers the embed uses. */
  window: Window;
  /** The embed's iframe, and the container to put it in when the SDK created it. */
  mounted: MountedIframe;
  /** `removeIframe`: remove a wrapped iframe on destroy too (a created one always is). */
  removeIframe: boolean | undefined;
  /**
   * The embed's side of its viewer's ledger: `attach` registers the embed (the ledger's sign-out
   * destroys it); `revokeOwn` revokes its ids when `destroy()` removes its iframe (the sign-out revokes them all anyway).
   */
  ids: Pick<EmbedIds, 'attach' | 'revokeOwn'>;
  /** Put a created iframe in its container later, when `place()` is called (an embed that mints at once: its mint goes first); else at once. */
  later: boolean;
}

const noop = () => {};

/**
 * Creates the {@link Lifecycle} of one embed and registers it with the ledger; a created iframe goes
 * in its container now, or with `later` when `place()` is called.
 * @throws {EmbedError} `destroyed` when the ledger has signed out (nothing is put in the page then)
 */
export function createLifecycle(options: LifecycleOptions): Lifecycle {
  const { window: win, ids } = options;
  const { iframe, parent } = options.mounted;
  const removeOnDestroy = parent !== undefined || options.removeIframe === true;
  const scope = createScope({ timers: win });
  const settleReady = createDeferred<ReadyPayload>();
  settleReady.promise.catch(noop);
  scope.onDispose(() => settleReady.reject(destroyedError()));
  const destroy = (by: DestroyedBy) => {
    if (scope.disposed) return;
    scope.dispose();
    detach();
    if (by === 'destroy' && removeOnDestroy) ids.revokeOwn();
    if (by === 'sign-out' || removeOnDestroy) iframe.remove();
  };
  const detach = ids.attach(() => destroy('sign-out'));
  // Never moved once in the page (a moved iframe reloads), nor put there after the embed ended.
  const place = () => {
    if (!scope.disposed && !iframe.parentNode) parent?.append(iframe);
  };
  if (!options.later) place();
  return { scope, ready: settleReady.promise, settleReady, destroy, place };
}
