import type { ReadyPayload } from '@svc-embed/protocol';
import { createScope, type Scope } from '@svc-embed/runtime';
import { createDeferred, type Deferred } from './base/deferred.js';
import { destroyedError } from './base/errors.js';

/** Who ended an embed: its own `destroy()`, or the ledger's `logout()` (which removes a wrapped iframe too). */
export type DestroyedBy = 'destroy' | 'logout';

/** The embed's life: its scope, its `ready` promise, and its end. */
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
}

/** Options of {@link createLifecycle}. */
export interface LifecycleOptions {
  /** The window whose timers the embed uses. */
  window: Window;
  /** The embed's iframe. */
  iframe: HTMLIFrameElement;
  /** True when the SDK created the iframe, or `removeIframe` asks to remove a wrapped one on destroy. */
  removeOnDestroy: boolean;
  /** Registers the embed with the viewer's ledger (its logout destroys it); returns the unregistration. */
  attach: (teardown: () => void) => () => void;
  /** Revokes the ids minted for this embed: called when `destroy()` removes its iframe (logout revokes them all anyway). */
  revokeOwnIds: () => void;
}

const noop = () => {};

/**
 * Creates the {@link Lifecycle} of one embed and registers it with the ledger.
 * @throws {EmbedError} `destroyed` when the ledger has logged out
 */
export function createLifecycle(options: LifecycleOptions): Lifecycle {
  const { window: win, iframe, removeOnDestroy, attach, revokeOwnIds } = options;
  const scope = createScope({ timers: win });
  const settleReady = createDeferred<ReadyPayload>();
  settleReady.promise.catch(noop);
  scope.onDispose(() => settleReady.reject(destroyedError()));
  const destroy = (by: DestroyedBy) => {
    if (scope.disposed) return;
    scope.dispose();
    detach();
    if (by === 'destroy' && removeOnDestroy) revokeOwnIds();
    if (by === 'logout' || removeOnDestroy) iframe.remove();
  };
  const detach = attach(() => destroy('logout'));
  return { scope, ready: settleReady.promise, settleReady, destroy };
}
