import type { LoadedUrl } from './iframe-src.js';

/** How the fake frame answers the next `set-session`: it takes the id (as the service does), or rejects it once. */
type SessionAnswer = 'take' | 'reject';

/** The session ids the host gave the fake frame, and the answer it gives the next one. */
export interface SessionAnswers {
  /** The id in the iframe's URL, then each `set-session`'s. */
  readonly ids: readonly string[];
  /** The next `set-session` is rejected (then they are taken again). */
  rejectNext(): void;
  /** Records the id of a `set-session` and says how the frame answers it. */
  answer(sessionId: string): SessionAnswer;
  /** The page loaded: the id in its URL, if any, is the first the host gave. */
  loaded(url: LoadedUrl): void;
}

/** Session ids as the fake frame keeps them: every one taken unless the test asked for a rejection. */
export function createSessionAnswers(): SessionAnswers {
  const ids: string[] = [];
  let next: SessionAnswer = 'take';
  return {
    ids,
    rejectNext() {
      next = 'reject';
    },
    answer(sessionId) {
      ids.push(sessionId);
      const given = next;
      next = 'take';
      return given;
    },
    loaded(url) {
      if (url.sessionId) ids.unshift(url.sessionId);
    },
  };
}
