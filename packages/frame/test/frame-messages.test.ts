// What the surface's own code and the host page are told when something is wrong: the messages of
// FrameError (they say what to do) and the exact text of the error events answering the host.
import { ACTION_PREFIX, eventType } from '@svc-embed/protocol';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { createFrame, FrameError, type FrameOptions } from '../src/index.js';
import { fakeWindow, HOST, HOUR, READY, signedFrame } from './helpers.js';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** The error `run` throws (fails the test when it throws nothing). */
function thrownBy(run: () => unknown): FrameError {
  try {
    run();
  } catch (error) {
    return error as FrameError;
  }
  throw new Error('expected a throw');
}

const privateOptions = (window: Window): FrameOptions => ({ surface: 'dashboard', mode: 'private', hostOrigins: [HOST], window });

describe('options: what is accepted, and what the message says', () => {
  test('a function where a value belongs is named as such', () => {
    const error = thrownBy(() => createFrame({ ...privateOptions(fakeWindow().window), surface: (() => 'dashboard') as never }));
    expect(error).toMatchObject({ code: 'invalid-option', message: 'surface must be one of dashboard, app, chat (got a function)' });
  });

  test('one bad origin in the list is enough to refuse it', () => {
    const error = thrownBy(() => createFrame({ ...privateOptions(fakeWindow().window), hostOrigins: [HOST, '*'] }));
    expect(error).toMatchObject({ code: 'invalid-option', message: expect.stringContaining('hostOrigins must be exact origins') });
  });

  test('the smallest values are accepted: warnBeforeMs 0 (no warning) and exchangeTimeoutMs 1', () => {
    const { frame, fake } = signedFrame({ lifetimeMs: HOUR, warnBeforeMs: 0, exchangeTimeoutMs: 1 });
    frame.ready(READY);
    expect(frame.session?.state).toBe('active');
    expect(fake.types()).toEqual([eventType('ready')]);
  });

  test('without a window option and no global window, the message says to pass one', () => {
    vi.stubGlobal('window', undefined);
    const error = thrownBy(() => createFrame({ surface: 'dashboard', mode: 'private', hostOrigins: [HOST] }));
    expect(error).toMatchObject({ code: 'invalid-option', message: 'window must be passed when there is no global window (got undefined)' });
  });
});

describe('calls the surface makes at the wrong time', () => {
  test('ready() twice: the message says it is sent once', () => {
    const { frame } = signedFrame();
    frame.ready(READY);
    expect(thrownBy(() => frame.ready(READY))).toMatchObject({ code: 'already-ready', message: 'ready() was already called; it is sent once per frame' });
  });

  test('emit of an event the frame sends itself says so; an unknown name that merely contains one is an unknown event', () => {
    const { frame } = signedFrame();
    expect(thrownBy(() => frame.emit('session-expired', { expiredAt: 1 } as never))).toMatchObject({
      code: 'invalid-event',
      message: 'emit("session-expired"): the frame sends it (call ready() for ready)',
    });
    expect(thrownBy(() => frame.emit('not-ready' as never, {} as never))).toMatchObject({
      code: 'invalid-event',
      message: 'svc:event:not-ready is not in the catalog',
    });
  });

  test('authFailed() in private mode, or after ready(), says what to use instead', () => {
    const open = createFrame(privateOptions(fakeWindow().window));
    expect(thrownBy(() => open.authFailed())).toMatchObject({
      code: 'invalid-argument',
      message: 'authFailed(): a private embed has no session to authenticate',
    });
    const { frame } = signedFrame();
    frame.ready(READY);
    expect(thrownBy(() => frame.authFailed())).toMatchObject({
      code: 'already-ready',
      message: 'authFailed() is for before ready(); after it, a session that stops working is sessionEnded()',
    });
  });

  test('authFailed() without a reason tells the host that the session id could not be exchanged', () => {
    const { frame, fake } = signedFrame();
    frame.authFailed();
    expect(fake.posted.map(({ message }) => message.payload)).toEqual([
      { name: 'EmbedSessionExchangeError', context: 'auth', fatal: true, message: 'the session id could not be exchanged' },
    ]);
  });

  test('a surface that recovers on its own may still call ready() after authFailed()', () => {
    const { frame, fake } = signedFrame();
    frame.authFailed('refused');
    expect(() => frame.ready(READY)).not.toThrow();
    expect(fake.types()).toEqual([eventType('error'), eventType('ready')]);
  });
});

describe('the text of the answers to a trusted host', () => {
  const answer = (data: unknown) => {
    const fake = fakeWindow();
    createFrame(privateOptions(fake.window)).ready(READY);
    fake.deliver(data);
    return fake.posted.slice(1).map(({ message }) => message.payload);
  };

  test('an invalid payload: "<type>: <field> <what was expected>"', () => {
    expect(answer({ source: 'svc-embed', direction: 'action', type: `${ACTION_PREFIX}set-color-scheme`, payload: { scheme: 'blue' }, timestamp: 1 })).toEqual([
      { name: 'InvalidActionError', context: 'action', fatal: false, message: 'svc:action:set-color-scheme: payload.scheme expected one of light, dark, auto' },
    ]);
  });

  test('an envelope without a readable type: only "<field> <what was expected>"', () => {
    expect(answer({ source: 'svc-embed', direction: 'action', type: 42, timestamp: 1 })).toEqual([
      { name: 'InvalidActionError', context: 'action', fatal: false, message: 'type expected string' },
    ]);
  });
});
