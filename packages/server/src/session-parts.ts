import type { Viewer } from './endpoint-options.js';
import { createBacklog, type Backlog } from './ledger/backlog.js';
import type { ResolvedOptions } from './resolve-options.js';

/** Everything the handlers and the ledger's processes use: the resolved options and this instance's backlog. */
export type EndpointParts<V extends Viewer = Viewer> = ResolvedOptions<V> & {
  /** What this instance could not hand to the store, kept for its sweep. */
  backlog: Backlog;
};

/** The endpoint's parts, made from its resolved options. */
export function createEndpointParts<V extends Viewer>(options: ResolvedOptions<V>): EndpointParts<V> {
  return { ...options, backlog: createBacklog() };
}
