import { ENDPOINT_CODES } from '@svc-embed/protocol/session-endpoint';
import { EndpointError } from '../errors.js';
import type { LedgerDeps } from './ledger-deps.js';

/** What a failed store call is about: for the report, and the endpoint's own message. */
interface StoreCallContext {
  /** The viewer concerned, when there is one. */
  viewerId?: string;
  /** The message of the `store-unavailable` error: what became of the request, what to do. */
  message: string;
}

/**
 * Runs one store call; its failure is reported (with the underlying error) and becomes an
 * `EndpointError` coded `store-unavailable` with the endpoint's own message.
 * @throws {EndpointError} `store-unavailable`
 */
export async function storeCall<T>(deps: Pick<LedgerDeps, 'report'>, context: StoreCallContext, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    deps.report(error, context.viewerId === undefined ? { code: ENDPOINT_CODES.storeUnavailable } : { code: ENDPOINT_CODES.storeUnavailable, viewerId: context.viewerId });
    throw new EndpointError(ENDPOINT_CODES.storeUnavailable, context.message, { cause: error });
  }
}
