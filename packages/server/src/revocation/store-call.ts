/**
 * The one place a store failure is caught. Every store call of the revocation room goes through
 * {@link storeAttempt}: a failure is reported (`store-unavailable`, with the viewer and id
 * concerned) and comes back as a value. {@link storeCall} turns it into the endpoint's error, for the
 * calls a request cannot go on without; {@link storeOr} into a fallback, for the calls whose failure
 * the revocation outlives (a lease lapses, the sweep retries, the backlog keeps it).
 */
import { ENDPOINT_CODES } from '@svc-embed/protocol/session-endpoint';
import type { EndpointErrorReport } from '../endpoint-options.js';
import { EndpointError } from '../errors.js';
import type { LedgerDeps } from './ledger-deps.js';

/** What a store call is about, for the report: the viewer and id concerned, when there are. */
type StoreCallAbout = Omit<EndpointErrorReport, 'code'>;

/** A store call's result: its value, or the failure (already reported). */
type StoreAttempt<T> = { kind: 'done'; value: T } | { kind: 'failed'; error: unknown };

/** Runs one store call; a failure is reported once, here, and resolves as `failed`. */
async function storeAttempt<T>(deps: Pick<LedgerDeps, 'report'>, about: StoreCallAbout, call: () => Promise<T>): Promise<StoreAttempt<T>> {
  try {
    return { kind: 'done', value: await call() };
  } catch (error) {
    deps.report(error, { code: ENDPOINT_CODES.storeUnavailable, ...about });
    return { kind: 'failed', error };
  }
}

/**
 * Runs one store call the request cannot go on without: a failure (reported) becomes an
 * `EndpointError` coded `store-unavailable` with `message`: what became of the request, what to do.
 * @throws {EndpointError} `store-unavailable`
 */
export async function storeCall<T>(deps: Pick<LedgerDeps, 'report'>, context: StoreCallAbout & { message: string }, call: () => Promise<T>): Promise<T> {
  const { message, ...about } = context;
  const attempt = await storeAttempt(deps, about, call);
  if (attempt.kind === 'failed') throw new EndpointError(ENDPOINT_CODES.storeUnavailable, message, { cause: attempt.error });
  return attempt.value;
}

/** Runs one store call whose failure the revocation outlives: a failure (reported) resolves with `fallback`. */
export async function storeOr<T, F>(deps: Pick<LedgerDeps, 'report'>, about: StoreCallAbout, call: () => Promise<T>, fallback: F): Promise<T | F> {
  const attempt = await storeAttempt(deps, about, call);
  return attempt.kind === 'done' ? attempt.value : fallback;
}
