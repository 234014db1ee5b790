/**
 * The endpoint's figures for operators: what it minted and refused, its revoke calls, its sweeps,
 * and (read from the store when asked) the pending backlog. The revocation room and the mint route
 * call the methods of {@link EndpointMetrics} at the points they describe; `endpoint.status()` and
 * the OpenTelemetry instruments (open-telemetry.ts) read the same counts, so both show one truth.
 * Counting is a few additions per request: nothing is sent anywhere until a reader asks.
 */
import { ENDPOINT_CODES } from '@svc-embed/protocol/session-endpoint';
import type { SessionStore } from '../stores/session-store.js';

/** The refusals of a mint request, each the code of its answer. */
const MINT_REFUSALS = [ENDPOINT_CODES.mintLimit, ENDPOINT_CODES.signedOut, ENDPOINT_CODES.storeUnavailable, ENDPOINT_CODES.mintFailed] as const;

/** Why a mint request handed out no id: `mint-limit`, `signed-out`, `store-unavailable` or `mint-failed` (the code of its answer). */
export type MintRefusal = (typeof MINT_REFUSALS)[number];

/** What became of a mint request: an id handed out (`minted`), or a refusal. */
export type MintOutcome = 'minted' | MintRefusal;

/** How a sweep ended: `completed`, or `failed` (the store's index of hints could not be read). */
type SweepOutcome = 'completed' | 'failed';

/** What the revocation room and the mint route tell the figures, at the moment it happens. */
export interface EndpointMetrics {
  /** A mint request ended with `outcome`. */
  mint(outcome: MintOutcome): void;
  /** One call of the customer's `revoke` ended; `retry` when an earlier call had claimed the id. */
  revokeCall(call: { outcome: 'revoked' | 'failed'; retry: boolean }): void;
  /** Runs one sweep, timing it and noting how it ended. */
  timeSweep<T>(sweep: () => Promise<T>): Promise<T>;
}

/** Counts of revoke calls, for {@link EndpointStatus}. */
export interface RevokeCallCounts {
  /** Calls the service confirmed. */
  revoked: number;
  /** Calls that threw or rejected: each id stays pending and is tried again. */
  failed: number;
  /** Calls (of either outcome) for an id an earlier call had claimed: retries after a failure, a lost answer or a race. */
  retries: number;
}

/** This instance's sweeps, for {@link EndpointStatus}. */
export interface SweepFigures {
  /** Sweeps that went through every hinted viewer. */
  completed: number;
  /** Sweeps that stopped because the store's index of hints could not be read. */
  failed: number;
  /** How long the last sweep took (either outcome), ms; `null` before the first one. */
  lastDurationMs: number | null;
  /**
   * The sweep's lag: time since this instance's last completed sweep ended (since the endpoint was
   * created, when none has), ms. Grows without bound when nothing runs `revokePending`.
   */
  lagMs: number;
}

/**
 * The endpoint's figures (`endpoint.status()`), the same as its OpenTelemetry metrics. Counts are
 * this instance's since it started; `pending` is the store's, so every instance sharing the store
 * reports the same figure.
 */
export interface EndpointStatus {
  /** Mint requests by outcome: `minted` (an id handed out) and each refusal. */
  mints: Record<MintOutcome, number>;
  /** Calls of the customer's `revoke` made by this instance. */
  revokeCalls: RevokeCallCounts;
  /**
   * The store's pending backlog: ids claimed for revocation and not yet confirmed revoked, and how
   * long the oldest has waited (ms, `null` when none). `null` when the store could not be read
   * (reported to `onError` as `store-unavailable`).
   */
  pending: { ids: number; oldestAgeMs: number | null } | null;
  /**
   * What this instance holds in memory because the store failed: ids neither recorded nor revoked,
   * and viewers whose hint could not be written. Its sweep retries them; above 0 means the store failed.
   */
  unrecorded: number;
  /** This instance's sweeps. */
  sweeps: SweepFigures;
}

/** Every count the figures keep, by name: what `status()` and the instruments read. */
interface FigureCounts {
  mints: Record<MintOutcome, number>;
  /** Revoke calls by outcome, then by whether they were retries. */
  revokeCalls: Record<'revoked' | 'failed', { first: number; retry: number }>;
  sweeps: { completed: number; failed: number };
}

/** The figures of one endpoint: the counting methods, and what readers use. */
export interface EndpointFigures extends EndpointMetrics {
  /** The counts so far (live objects: read them, never write). */
  readonly counts: FigureCounts;
  /** Called after each sweep with its duration (s) and outcome: the OpenTelemetry histogram records it. */
  onSweep(listener: (sweep: { seconds: number; outcome: SweepOutcome }) => void): void;
  /** This instance's sweeps, now. */
  sweeps(): SweepFigures;
}

/** Fresh figures, on the endpoint's clock `now`. */
export function createEndpointFigures(now: () => number): EndpointFigures {
  const counts: FigureCounts = {
    mints: Object.fromEntries([['minted', 0], ...MINT_REFUSALS.map((refusal) => [refusal, 0])]) as Record<MintOutcome, number>,
    revokeCalls: { revoked: { first: 0, retry: 0 }, failed: { first: 0, retry: 0 } },
    sweeps: { completed: 0, failed: 0 },
  };
  let lastCompletedAt = now();
  let lastDurationMs: number | null = null;
  const listeners: ((sweep: { seconds: number; outcome: SweepOutcome }) => void)[] = [];
  const sweepEnded = (startedAt: number, outcome: SweepOutcome) => {
    const endedAt = now();
    lastDurationMs = Math.max(0, endedAt - startedAt);
    counts.sweeps[outcome] += 1;
    if (outcome === 'completed') lastCompletedAt = endedAt;
    for (const listener of listeners) listener({ seconds: lastDurationMs / 1000, outcome });
  };
  return {
    counts,
    mint: (outcome) => {
      counts.mints[outcome] += 1;
    },
    revokeCall: ({ outcome, retry }) => {
      counts.revokeCalls[outcome][retry ? 'retry' : 'first'] += 1;
    },
    timeSweep: async (sweep) => {
      const startedAt = now();
      try {
        const result = await sweep();
        sweepEnded(startedAt, 'completed');
        return result;
      } catch (error) {
        sweepEnded(startedAt, 'failed');
        throw error;
      }
    },
    onSweep: (listener) => {
      listeners.push(listener);
    },
    sweeps: () => ({ ...counts.sweeps, lastDurationMs, lagMs: Math.max(0, now() - lastCompletedAt) }),
  };
}

/** What {@link endpointStatus} reads besides the figures. */
interface StatusSources {
  figures: EndpointFigures;
  /** Reads the store's backlog; `null` when it failed (the caller reports it). */
  readPending: () => Promise<Awaited<ReturnType<SessionStore['countPending']>> | null>;
  /** Entries in this instance's backlog. */
  unrecorded: () => number;
}

/** The endpoint's status now: the counts, and the store's backlog read once. */
export async function endpointStatus(sources: StatusSources): Promise<EndpointStatus> {
  const { counts } = sources.figures;
  const calls = counts.revokeCalls;
  return {
    mints: { ...counts.mints },
    revokeCalls: {
      revoked: calls.revoked.first + calls.revoked.retry,
      failed: calls.failed.first + calls.failed.retry,
      retries: calls.revoked.retry + calls.failed.retry,
    },
    pending: await sources.readPending(),
    unrecorded: sources.unrecorded(),
    sweeps: sources.figures.sweeps(),
  };
}
