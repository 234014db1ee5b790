import type { Viewer } from './endpoint-options.js';
import { createRevocationCounter, type RevocationCounter } from './http/revocation-limit.js';
import { createBacklog } from './revocation/backlog.js';
import { createInFlight } from './revocation/in-flight.js';
import type { LedgerDeps } from './revocation/ledger-deps.js';
import type { ResolvedOptions } from './resolve-options.js';

/**
 * Everything the handlers and the ledger's processes use: the resolved options, this instance's
 * backlog and what it has in flight, and the counters of the sign-out and `DELETE` limit.
 */
export type EndpointDeps<V extends Viewer = Viewer> = ResolvedOptions<V> & Pick<LedgerDeps, 'backlog' | 'inFlight'> & {
  revocationCounter: RevocationCounter;
};

/** The endpoint's deps, made from its resolved options. */
export function createEndpointDeps<V extends Viewer>(options: ResolvedOptions<V>): EndpointDeps<V> {
  const { revokeConcurrency, revocationsPerWindow, revocationWindowMs } = options.limits;
  return {
    ...options,
    backlog: createBacklog(),
    inFlight: createInFlight(revokeConcurrency),
    revocationCounter: createRevocationCounter({ perWindow: revocationsPerWindow, windowMs: revocationWindowMs }),
  };
}
