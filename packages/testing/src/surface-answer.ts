import { errorAtCallSite, type CallSite } from './call-site.js';
import type { EmbedOrIframe } from './fake-frame.js';
import { NO_SRC_HINT, type FramePage } from './frame-page.js';
import { guardEmbedReady, hasReadyPromise } from './ready-guard.js';
import type { Recorder } from './waiters.js';

/** Whether the fake frame answered the embed's load: `silent` until it sends `ready` (or refuses the first id). */
type SurfaceAnswer = 'silent' | 'answered';

/** What the watch on the surface's answer reads. */
interface SurfaceAnswerParts {
  target: EmbedOrIframe;
  timeoutMs: number;
  /** Where the test attached the fake frame: the stack of a timeout error. */
  attachSite: CallSite;
  page: FramePage;
  recorder: Recorder<unknown>;
}

/** The surface's answer, and the guard on `embed.ready` that says why it never settles. */
export interface SurfaceAnswerWatch {
  readonly answer: SurfaceAnswer;
  /** The fake frame sent `ready` or refused the first id: `embed.ready` is the host's again to settle. */
  answered(): void;
  /** Gives the embed its own `ready` back. */
  restore(): void;
}

/** Why the host has sent no action yet, as the end of a timeout message ('' when the kit sees no reason). */
export function whyNoAction({ page, answer }: { page: FramePage; answer: SurfaceAnswer }): string {
  if (!page.url) return `: the iframe still has no src, so no surface loaded (${NO_SRC_HINT})`;
  if (answer === 'silent') return ': the fake frame never sent ready: call frame.ready() (the host holds its actions until the surface is ready)';
  return '';
}

/**
 * Watches for the surface's answer. Given an embed (not a bare iframe), it guards `embed.ready`: when
 * it has not settled after `timeoutMs` of real time, it rejects saying what is missing (a host bug
 * seen, no `src`, no `frame.ready()`), unless the surface answered.
 */
export function watchSurfaceAnswer({ target, timeoutMs, attachSite, page, recorder }: SurfaceAnswerParts): SurfaceAnswerWatch {
  let answer: SurfaceAnswer = 'silent';
  const whyNotReady = () => {
    page.check();
    if (recorder.failure) return recorder.failure;
    if (!page.url) return errorAtCallSite(attachSite, 'timeout', `embed.ready did not settle within ${timeoutMs} ms: the iframe still has no src, so no surface loaded (${NO_SRC_HINT})`);
    if (answer === 'silent') return errorAtCallSite(attachSite, 'timeout', `embed.ready did not settle within ${timeoutMs} ms: the fake frame never sent ready: call frame.ready()`);
    return undefined;
  };
  const guard = hasReadyPromise(target) ? guardEmbedReady(target, { timeoutMs, whyNotReady }) : undefined;
  return {
    get answer() {
      return answer;
    },
    answered() {
      answer = 'answered';
      guard?.stopWatching();
    },
    restore() {
      guard?.restore();
    },
  };
}
