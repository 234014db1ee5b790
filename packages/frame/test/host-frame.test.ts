// The frame with a minimal host built only from the protocol (parse events, build actions), wired
// through a paired fake window: the full expiring -> renew -> swap cycle, as a host page runs it.
import { buildActionMessage, EVENT_PREFIX, eventType, parseEventMessage, type AnyEventMessage, type EventName } from '@svc-embed/protocol';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { createFrame } from '../src/index.js';
import { fakeWindow, flush, HOST, HOUR, MINUTE, READY } from './helpers.js';

const TENANT = 'https://tenant.example';
const T = Date.UTC(2030, 0, 1);
const LIFETIME = 2 * HOUR;

/** A stand-in for the service: single-use ids valid 5 minutes, exchanged for a session. */
function fakeService() {
  const ids = new Map<string, number>();
  let next = 0;
  return {
    mint: () => {
      const id = `sid-${++next}`;
      ids.set(id, Date.now() + 5 * MINUTE);
      return id;
    },
    exchange: async (id: string) => {
      const validUntil = ids.get(id);
      ids.delete(id);
      if (validUntil === undefined || validUntil < Date.now()) throw new Error('401');
      return { expiresAt: Date.now() + LIFETIME };
    },
  };
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(T);
});
afterEach(() => vi.useRealTimers());

function pair(renewOn: readonly EventName[]) {
  const service = fakeService();
  const fake = fakeWindow({ ancestorOrigins: [HOST] });
  const received: AnyEventMessage[] = [];
  const sent: string[] = [];
  // Host side: checks source and origin, parses, renews on the session events.
  const hostListener = (event: { data: unknown; origin: string; source: unknown }) => {
    if (event.source !== fake.window || event.origin !== TENANT) return;
    const result = parseEventMessage(event.data);
    if (!result.ok) return;
    received.push(result.message);
    if (renewOn.some((name) => result.message.type === eventType(name))) {
      const sessionId = service.mint();
      sent.push(sessionId);
      // postMessage delivers in a later task: the frame finishes what it is doing first.
      queueMicrotask(() => fake.deliver(buildActionMessage('set-session', { sessionId }), { origin: HOST, source: fake.parent }));
    }
  };
  fake.parent.postMessage.mockImplementation((message: unknown, targetOrigin: string) => {
    expect(targetOrigin).toBe(HOST); // the browser would drop anything else
    hostListener({ data: structuredClone(message), origin: TENANT, source: fake.window });
  });
  const frame = createFrame({
    surface: 'dashboard',
    mode: 'signed',
    hostOrigins: [HOST, 'https://staging.customer.example'],
    session: { expiresAt: T + LIFETIME, exchange: service.exchange },
    window: fake.window,
  });
  const types = () => received.map((message) => message.type.slice(EVENT_PREFIX.length));
  return { frame, fake, received, sent, types };
}

test('expiring, renew, swap: the embed keeps working across two session lifetimes', async () => {
  const { frame, sent, types } = pair(['session-expiring', 'session-expired']);
  frame.ready(READY);
  frame.navigated('/');
  await vi.advanceTimersByTimeAsync(LIFETIME - 30 * MINUTE);
  await flush();
  expect(sent).toEqual(['sid-1']);
  expect(frame.session).toEqual({ state: 'active', expiresAt: T + LIFETIME - 30 * MINUTE + LIFETIME });
  // The old session's expiry passes without an event; the new one warns in its turn.
  await vi.advanceTimersByTimeAsync(LIFETIME - 30 * MINUTE);
  await flush();
  expect(sent).toEqual(['sid-1', 'sid-2']);
  expect(types()).toEqual(['ready', 'navigate', 'view', 'session-expiring', 'session-expiring']);
  expect(frame.session!.state).toBe('active');
  frame.destroy();
});

test('a host that renews on both events after a sleep: two ids in a row, both exchanged in order, no error', async () => {
  const { frame, fake, sent, types, received } = pair(['session-expiring', 'session-expired']);
  frame.ready(READY);
  vi.setSystemTime(T + LIFETIME + HOUR); // the laptop slept past the expiry
  fake.document.dispatchEvent(new Event('visibilitychange'));
  expect(types()).toEqual(['ready', 'session-expiring', 'session-expired']);
  expect(received[1]!.payload).toEqual({ expiresAt: T + LIFETIME, expiresInMs: 0 });
  await flush();
  expect(sent).toEqual(['sid-1', 'sid-2']);
  expect(types()).not.toContain('error');
  expect(frame.session).toEqual({ state: 'active', expiresAt: T + LIFETIME + HOUR + LIFETIME });
  frame.destroy();
});

test('a replayed (already redeemed) id is reported to the host as EmbedSessionExchangeError', async () => {
  const { frame, fake, received, sent } = pair(['session-expiring']);
  frame.ready(READY);
  await vi.advanceTimersByTimeAsync(LIFETIME - 30 * MINUTE);
  await flush();
  fake.deliver(buildActionMessage('set-session', { sessionId: sent[0]! }), { origin: HOST, source: fake.parent });
  await flush();
  expect(received.at(-1)).toMatchObject({
    type: eventType('error'),
    payload: { name: 'EmbedSessionExchangeError', context: 'session-renewal', fatal: false },
  });
  expect(frame.session!.state).toBe('active');
  frame.destroy();
});
