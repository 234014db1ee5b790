import type { ActionName } from '@svc-embed/protocol';
import { captureCallSite } from './call-site.js';
import { onCleanup } from './cleanup.js';
import { createEventOutbox } from './event-outbox.js';
import type { EmbedOrIframe, FakeFrame, FakeFrameOptions, ReceivedAction } from './fake-frame.js';
import { installFakeFrameWindow } from './fake-frame-window.js';
import { createFramePage } from './frame-page.js';
import { iframeOf, windowOf } from './frame-target.js';
import { receiveHostPosts } from './host-posts.js';
import { createSessionAnswers } from './session-answers.js';
import { watchSurfaceAnswer, whyNoAction } from './surface-answer.js';
import { surfaceEvents } from './surface-events.js';
import { createRecorder } from './waiters.js';

/**
 * Plays the embedded surface behind the iframe of an embed made by `createEmbed`, with no network and
 * no real page in the iframe. It checks what the real surface checks: every action must be posted to
 * the tenant origin (never `'*'`) in a valid envelope; a host that does otherwise fails the test with
 * a message that says so (from the next kit call, `waitForAction` and `assertNoHostBugs`).
 *
 * Attach it at any moment after `createEmbed`: the tenant origin and the mode come from the URL the
 * embed sets as the iframe's `src` (a signed embed sets it once its first id is minted, a microtask
 * or more later), and calls made before that are sent when it does, in order.
 * @example
 * const embed = createEmbed({ baseUrl: 'https://tenant.example', publicId: 'd-42', container });
 * const frame = attachFakeFrame(embed);
 * frame.ready();
 * embed.setColorScheme('dark');
 * expect((await frame.waitForAction('set-color-scheme')).payload).toEqual({ scheme: 'dark' });
 */
export function attachFakeFrame(target: EmbedOrIframe, options: FakeFrameOptions = {}): FakeFrame {
  const iframe = iframeOf(target);
  const view = windowOf(iframe);
  const attachSite = captureCallSite(attachFakeFrame);
  const surface = options.surface ?? 'dashboard';
  const timeoutMs = options.timeoutMs ?? 2_000;
  const recorder = createRecorder<ReceivedAction>();
  const page = createFramePage(iframe);
  const sessions = createSessionAnswers();
  page.onLoad(sessions.loaded);
  const tenantOrigin = () => options.tenantOrigin ?? page.url?.origin;
  const frameWindow = installFakeFrameWindow({ iframe, view, surface, tenantOrigin });
  receiveHostPosts({ frameWindow, tenantOrigin, sessions, recorder });
  const outbox = createEventOutbox({ page, frameWindow, surface, timeoutMs, recorder });
  const watch = watchSurfaceAnswer({ target, timeoutMs, attachSite, page, recorder });
  page.start();
  const detach = onCleanup(() => {
    recorder.close();
    page.stop();
    outbox.close();
    watch.restore();
    frameWindow.restore();
  });

  function waitForAction<N extends ActionName>(name: N, waitOptions: { timeoutMs?: number } = {}) {
    page.check();
    const waitMs = waitOptions.timeoutMs ?? timeoutMs;
    return recorder.wait((action) => action.name === name, {
      timeoutMs: waitMs,
      callSite: captureCallSite(waitForAction),
      timeoutMessage: () => {
        page.check();
        return `the action ${name} from the host did not come within ${waitMs} ms${whyNoAction({ page, answer: watch.answer })}`;
      },
    }) as Promise<ReceivedAction<N>>;
  }

  return {
    ...surfaceEvents({ outbox, watch, surface }),
    rejectNextSession: sessions.rejectNext,
    get actions() {
      return recorder.items;
    },
    get sessionIds() {
      page.check();
      return sessions.ids;
    },
    waitForAction,
    assertNoHostBugs() {
      page.check();
      if (recorder.failure) throw recorder.failure;
    },
    detach,
  };
}
