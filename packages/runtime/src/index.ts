// @svc-embed/runtime: the plumbing @svc-embed/host and @svc-embed/frame share, used the same way by
// both. Private: bundled into both packages at build time, never published, never part of a public API.
export { createScope, MAX_TIMEOUT_MS } from './scope.js';
export type { Scope, ScopeOptions, TimerSource } from './scope.js';
export { createListenerRegistry } from './listener-registry.js';
export type { ListenerMap, ListenerRegistry, ListenerRegistryOptions } from './listener-registry.js';
export { createOutbox } from './outbox.js';
export type { Outbox, OutboxOptions } from './outbox.js';
export { reportError } from './report-error.js';
