// The signed session at its edges: exchanges that fail while session events wait at the gate, what
// a result without a session means, the phase a swap leaves, and calls after destroy or expiry.
import { eventType } from '@svc-embed/protocol';
import { describe, expect, test, vi } from 'vitest';
import type { FrameSession } from '../src/index.js';
import { flush, HOUR, MINUTE, READY, signedFrame, useFakeClock } from './helpers.js';

const T = Date.UTC(2030, 0, 1);
const EXPIRING = eventType('session-expiring');
const ERROR = eventType('error');

useFakeClock(T);

/** A ready signed frame whose exchanges are settled by the test, in order. */
function gatedFrame(lifetimeMs: number) {
  const pending: { resolve: (result: unknown) => void; reject: (reason: unknown) => void }[] = [];
  const made = signedFrame({
    lifetimeMs,
    exchangeTimeoutMs: HOUR,
    exchange: () => new Promise((resolve, reject) => pending.push({ resolve, reject })),
  });
  made.frame.ready(READY);
  return { ...made, pending };
}

describe('the exchange gate when exchanges fail', () => {
  test('a warning held while one exchange runs goes out after its error when it fails', async () => {
    const { fake, pending } = gatedFrame(40 * MINUTE);
    fake.act('set-session', { sessionId: 'id-1' });
    await flush();
    vi.advanceTimersByTime(10 * MINUTE); // the warning comes while id-1 is being exchanged: held
    expect(fake.types().slice(1)).toEqual([]);
    pending[0]!.reject(new Error('401'));
    await flush();
    expect(fake.types().slice(1)).toEqual([ERROR, EXPIRING]);
  });

  test('with two exchanges pending, the held warning waits until the last one failed', async () => {
    const { fake, pending } = gatedFrame(40 * MINUTE);
    fake.act('set-session', { sessionId: 'id-1' });
    fake.act('set-session', { sessionId: 'id-2' });
    await flush();
    vi.advanceTimersByTime(10 * MINUTE);
    pending[0]!.reject(new Error('401'));
    await flush();
    expect(fake.types().slice(1)).toEqual([ERROR]);
    pending[1]!.reject(new Error('401'));
    await flush();
    expect(fake.types().slice(1)).toEqual([ERROR, ERROR, EXPIRING]);
  });

  test('after a failed exchange, later session events go out at once', async () => {
    const { fake, pending } = gatedFrame(40 * MINUTE);
    fake.act('set-session', { sessionId: 'id-1' });
    await flush();
    pending[0]!.reject(new Error('401'));
    await flush();
    vi.advanceTimersByTime(10 * MINUTE);
    expect(fake.types().slice(1)).toEqual([ERROR, EXPIRING]);
  });

  test('an exchange that resolves with nothing fails at once, not at its timeout', async () => {
    const { frame, fake, pending } = gatedFrame(2 * HOUR);
    fake.act('set-session', { sessionId: 'id-1' });
    await flush();
    pending[0]!.resolve(undefined);
    await flush();
    expect(fake.posted.slice(1).map(({ message }) => message.payload)).toEqual([
      { name: 'EmbedSessionExchangeError', context: 'session-renewal', fatal: false, message: 'set-session: the session id could not be exchanged' },
    ]);
    expect(frame.session).toEqual({ state: 'active', expiresAt: T + 2 * HOUR });
  });
});

describe('after a swap, after destroy, after expiry', () => {
  test('a frame that was ready stays ready after a set-session swap: ready() is still refused', async () => {
    const { frame, fake, pending } = gatedFrame(2 * HOUR);
    fake.act('set-session', { sessionId: 'id-1' });
    await flush();
    pending[0]!.resolve({ expiresAt: T + 5 * HOUR });
    await flush();
    expect(frame.session).toEqual({ state: 'active', expiresAt: T + 5 * HOUR });
    expect(() => frame.ready(READY)).toThrow(expect.objectContaining({ code: 'already-ready' }));
  });

  test('sessionEnded() after destroy tells no session listener', () => {
    const { frame } = signedFrame({ lifetimeMs: 2 * HOUR });
    const changes: FrameSession[] = [];
    frame.onSessionChange((session) => changes.push(session));
    frame.destroy();
    frame.sessionEnded();
    expect(changes).toEqual([]);
  });

  test('sessionEnded() on a session that already lapsed keeps the expiry it lapsed at', () => {
    const { frame } = signedFrame({ lifetimeMs: HOUR });
    vi.advanceTimersByTime(2 * HOUR);
    expect(frame.session).toEqual({ state: 'expired', expiresAt: T + HOUR });
    frame.sessionEnded(T + 30 * MINUTE);
    expect(frame.session).toEqual({ state: 'expired', expiresAt: T + HOUR });
  });
});
