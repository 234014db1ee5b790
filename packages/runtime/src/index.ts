// @svc-embed/runtime: the plumbing @svc-embed/host and @svc-embed/frame share, in one vocabulary.
// Private: bundled into both packages at build time, never published, never part of a public API.
export { createScope, MAX_DELAY_MS, ScopeDisposedError } from './scope.js';
export type { Scope, ScopeOptions, TimerSource } from './scope.js';
export { createListenerRegistry } from './listener-registry.js';
export type { ListenerMap, ListenerRegistry, ListenerRegistryOptions } from './listener-registry.js';
export { createOutbox } from './outbox.js';
export type { Outbox, OutboxOptions, OutboxState } from './outbox.js';
export { backoffDelay, retry } from './retry.js';
export type { RetryOptions, RetryPolicy } from './retry.js';
export { reportError } from './report-error.js';
export { createDeferred } from './deferred.js';
export type { Deferred } from './deferred.js';
