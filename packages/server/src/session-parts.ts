import type { Viewer } from './endpoint-options.js';
import { createBacklog } from './ledger/backlog.js';
import type { LedgerParts } from './ledger/ledger-parts.js';
import type { ResolvedOptions } from './resolve-options.js';

/** Everything the handlers and the ledger's processes use: the resolved options and this instance's backlog. */
export type EndpointParts<V extends Viewer = Viewer> = ResolvedOptions<V> & Pick<LedgerParts, 'backlog'>;

/** The endpoint's parts, made from its resolved options. */
export function createEndpointParts<V extends Viewer>(options: ResolvedOptions<V>): EndpointParts<V> {
  return { ...options, backlog: createBacklog() };
}
