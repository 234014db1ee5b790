import type { Viewer } from './endpoint-options.js';
import { ENDPOINT_CODES } from '@svc-embed/protocol/session-endpoint';
import { createRevocationCounter, type RevocationCounter } from './http/revocation-limit.js';
import { createEndpointFigures, type EndpointFigures } from './metrics/endpoint-figures.js';
import { bindMeter } from './metrics/open-telemetry.js';
import { createBacklog } from './revocation/backlog.js';
import { createInFlight } from './revocation/in-flight.js';
import type { LedgerDeps } from './revocation/ledger-deps.js';
import type { ResolvedOptions } from './resolve-options.js';
import type { PendingCount } from './stores/session-store.js';

/**
 * Everything the handlers and the ledger's processes use: the resolved options, this instance's
 * backlog and what it has in flight, the counters of the sign-out and `DELETE` limit, and the
 * figures operators see (`metrics`, counted by the processes; `readPending`, the store's backlog
 * read for a figure).
 */
export type EndpointDeps<V extends Viewer = Viewer> = ResolvedOptions<V> & Pick<LedgerDeps, 'backlog' | 'inFlight'> & {
  revocationCounter: RevocationCounter;
  metrics: EndpointFigures;
  /** The store's pending backlog; `null` when the store failed (reported to `onError`). */
  readPending(): Promise<PendingCount | null>;
};

/** The endpoint's deps, made from its resolved options; its figures are bound to the meter (when there is one) in the background. */
export function createEndpointDeps<V extends Viewer>(options: ResolvedOptions<V>): EndpointDeps<V> {
  const { revokeConcurrency, revocationsPerWindow, revocationWindowMs } = options.limits;
  const backlog = createBacklog();
  const metrics = createEndpointFigures(options.now);
  const readPending = async (): Promise<PendingCount | null> => {
    try {
      return await options.store.countPending();
    } catch (error) {
      options.report(error, { code: ENDPOINT_CODES.storeUnavailable });
      return null;
    }
  };
  // Metrics never stop the endpoint: a meter that throws leaves `status()` as the figures' one reader.
  bindMeter(options.meter, { figures: metrics, readPending, unrecorded: () => backlog.size() }).catch(() => undefined);
  return {
    ...options,
    backlog,
    inFlight: createInFlight(revokeConcurrency),
    revocationCounter: createRevocationCounter({ perWindow: revocationsPerWindow, windowMs: revocationWindowMs }),
    metrics,
    readPending,
  };
}
