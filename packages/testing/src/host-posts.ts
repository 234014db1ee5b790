import {
  eventName, parseActionMessage, SESSION_EXCHANGE_ERROR, SESSION_RENEWAL_CONTEXT,
  type ActionName, type ActionPayloadMap, type ErrorPayload,
} from '@svc-embed/protocol';
import { TestKitError } from './errors.js';
import type { ReceivedAction } from './fake-frame.js';
import type { FakeFrameWindow } from './fake-frame-window.js';
import { refusalOf } from './parsed-message.js';
import type { SessionAnswers } from './session-answers.js';
import type { Recorder } from './waiters.js';

/** What the host posted to the fake frame: an action the real surface takes, or the host's bug. */
type HostPost = { ok: true; action: ReceivedAction } | { ok: false; bug: string };

/** The error the service answers a rejected `set-session` id with. */
const rejectedSession = (): ErrorPayload => ({ message: 'the session id was not accepted', name: SESSION_EXCHANGE_ERROR, context: SESSION_RENEWAL_CONTEXT, fatal: false });

/**
 * Reads a post as the real surface does: it must name the tenant origin (never `'*'`) and be a valid
 * action message; anything else is the host's bug, said so that the test shows what to fix.
 */
function readHostPost({ message, targetOrigin, tenantOrigin }: { message: unknown; targetOrigin: unknown; tenantOrigin: string | undefined }): HostPost {
  const expected = tenantOrigin ?? '(the iframe has no src)';
  if (targetOrigin === '*') return { ok: false, bug: `the host posted an action to '*': it must post to the tenant origin ${expected} only, or any page in the iframe can read it` };
  if (typeof targetOrigin !== 'string' || targetOrigin !== tenantOrigin) return { ok: false, bug: `the host posted to ${String(targetOrigin)}, not the tenant origin ${expected}: the real surface never receives it` };
  const parsed = parseActionMessage(message);
  if (!parsed.ok) return { ok: false, bug: `the host posted a message the surface refuses (${refusalOf(parsed)})` };
  const name = eventName(parsed.message.type);
  return { ok: true, action: { name, payload: parsed.message.payload as ActionPayloadMap[ActionName], targetOrigin } };
}

/** What the fake frame receives the host's posts with. */
interface HostPostReceiver {
  frameWindow: FakeFrameWindow;
  tenantOrigin: () => string | undefined;
  sessions: SessionAnswers;
  recorder: Recorder<ReceivedAction>;
}

/**
 * Where the fake frame decides what to do with a post: a bug fails the test (at the next kit call);
 * an action is recorded, a `set-session` first answered (a rejection comes in a later task, as the
 * real surface answers after its exchange request).
 */
export function receiveHostPosts({ frameWindow, tenantOrigin, sessions, recorder }: HostPostReceiver): void {
  frameWindow.onPost((message, targetOrigin) => {
    const post = readHostPost({ message, targetOrigin, tenantOrigin: tenantOrigin() });
    if (!post.ok) return recorder.fail(new TestKitError('host-bug', post.bug));
    const { action } = post;
    if (action.name === 'set-session' && sessions.answer((action.payload as ActionPayloadMap['set-session']).sessionId) === 'reject') {
      setTimeout(() => frameWindow.dispatch('error', rejectedSession()), 0);
    }
    recorder.add(action);
  });
}
