import type { EndpointMetrics } from '../metrics/endpoint-figures.js';
import type { ResolvedOptions } from '../resolve-options.js';
import type { Backlog } from './backlog.js';
import type { InFlight } from './in-flight.js';

/**
 * What the ledger's processes (recording, revoking, signing out, sweeping) use: the resolved
 * options they need, and this instance's backlog. One object, passed to every function.
 */
export type LedgerDeps = Pick<ResolvedOptions, 'store' | 'revoke' | 'report' | 'reportRevocation' | 'limits'> & {
  /** What this instance could not hand to the store, kept for its sweep. */
  backlog: Backlog;
  /** The figures operators see: each process tells them what it did, where it does it. */
  metrics: EndpointMetrics;
  /** What this instance has in flight: revocations to join, `revoke` slots, the running sweep. */
  inFlight: InFlight;
};
