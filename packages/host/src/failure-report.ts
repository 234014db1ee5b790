import type { ReadyPayload } from '@svc-embed/protocol';
import type { EmbedError } from './base/errors.js';
import type { Lifecycle } from './lifecycle.js';

/** `embed.ready` as the page reads it, and how the renewal runner settles it. */
interface FailureReport {
  /** `embed.ready`. Reading it tells the SDK that the page handles the first load's outcome itself. */
  readonly ready: Promise<ReadyPayload>;
  /** Settles `embed.ready`: a failure the page never asked about is printed first. */
  readonly settle: { resolve(payload: ReadyPayload): void; reject(error: EmbedError): void };
}

/**
 * Where the SDK decides to print a failure. When the first load fails (no id could be minted, the
 * session endpoint refused, the page's policy blocked the frame, the tenant's page stayed silent, the
 * tenant refused every id) the runner rejects `embed.ready` through here; if the page never read
 * `embed.ready`, nobody will hear of it, so the SDK prints one `console.error` line, with no debug
 * option: `[svc-embed] <code>: <message>`, the message saying what happened and what to do. At most
 * one line per embed (retries print nothing: only the failure they end in). A `state` listener does
 * not count as reading: the element and the React and Vue bindings listen to `state` themselves to
 * mark their element, which tells the viewer, not the developer.
 */
export function createFailureReport(lifecycle: Pick<Lifecycle, 'ready' | 'settleReady'>): FailureReport {
  const { settleReady } = lifecycle;
  /** The page read `embed.ready`, or a failure was printed already: nothing (more) to print. */
  let quiet = false;
  return {
    get ready() {
      quiet = true;
      return lifecycle.ready;
    },
    settle: {
      // Once `ready` resolved, no failure of the first load can follow (the machine rejects only a load that is not ready).
      resolve: settleReady.resolve,
      reject(error) {
        if (!quiet) console.error(`[svc-embed] ${error.code}: ${error.message}`);
        quiet = true;
        settleReady.reject(error);
      },
    },
  };
}
