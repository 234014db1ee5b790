import type { Viewer } from './endpoint-options.js';
import { createBacklog } from './revocation/backlog.js';
import type { LedgerDeps } from './revocation/ledger-deps.js';
import type { ResolvedOptions } from './resolve-options.js';

/** Everything the handlers and the ledger's processes use: the resolved options and this instance's backlog. */
export type EndpointDeps<V extends Viewer = Viewer> = ResolvedOptions<V> & Pick<LedgerDeps, 'backlog'>;

/** The endpoint's deps, made from its resolved options. */
export function createEndpointDeps<V extends Viewer>(options: ResolvedOptions<V>): EndpointDeps<V> {
  return { ...options, backlog: createBacklog() };
}
