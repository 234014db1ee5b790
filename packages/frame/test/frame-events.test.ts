import { eventType, parseEventMessage } from '@svc-embed/protocol';
import { describe, expect, test, vi } from 'vitest';
import { createFrame, FrameError, type FrameOptions } from '../src/index.js';
import { fakeWindow, HOST, READY, type FakeWindowOptions, useFakeClock } from './helpers.js';

const T = Date.UTC(2030, 0, 1);

function frameOn(window: FakeWindowOptions = {}, options: Partial<FrameOptions> = {}) {
  const fake = fakeWindow(window);
  const frame = createFrame({ surface: 'dashboard', mode: 'private', hostOrigins: [HOST], window: fake.window, ...options });
  return { frame, fake };
}

useFakeClock(T);

describe('ready and the queue before it', () => {
  test('ready is the first event; earlier events are queued and sent after it, in order', () => {
    const { frame, fake } = frameOn();
    frame.emit('dashboard-loaded', { widgetCount: 3 });
    frame.navigated('/page/2', { title: 'Revenue' });
    frame.emit('download', { format: 'csv', target: 'dashboard' });
    expect(fake.posted).toEqual([]);
    frame.ready(READY);
    expect(fake.types()).toEqual(['ready', 'dashboard-loaded', 'navigate', 'view', 'download'].map((name) => eventType(name as never)));
    frame.emit('ai-query', { query: 'revenue?', status: 'submitted' });
    expect(fake.types().at(-1)).toBe(eventType('ai-query'));
  });

  test('every message is a valid protocol event with the full envelope, posted to the host origin', () => {
    const { frame, fake } = frameOn({}, { surface: 'chat', mode: 'private' });
    frame.emit('ai-query', { query: 'q', status: 'completed', chatId: 'c1' });
    vi.setSystemTime(T + 5);
    frame.ready({ embedTenant: null, deploymentId: null });
    for (const { message, origin } of fake.posted) {
      expect(origin).toBe(HOST);
      expect(parseEventMessage(message)).toMatchObject({ ok: true });
      expect(message).toMatchObject({ source: 'svc-embed', direction: 'event', surface: 'chat' });
    }
    const [ready, query] = fake.posted.map((entry) => entry.message);
    expect(ready).toEqual({
      source: 'svc-embed', direction: 'event', type: eventType('ready'), timestamp: T + 5, surface: 'chat',
      payload: { embedTenant: null, deploymentId: null, mode: 'private', surface: 'chat' },
    });
    expect(query.timestamp).toBe(T); // when it happened, not when the queue was flushed
    expect(fake.parent.postMessage).not.toHaveBeenCalledWith(expect.anything(), '*');
  });

  test('ready fills mode and surface from the options', () => {
    const { frame, fake } = frameOn({}, { surface: 'app' });
    frame.ready(READY);
    expect(fake.posted[0]!.message.payload).toEqual({ ...READY, mode: 'private', surface: 'app' });
  });

  test('ready a second time throws already-ready and sends nothing', () => {
    const { frame, fake } = frameOn();
    frame.ready(READY);
    expect(() => frame.ready(READY)).toThrow(expect.objectContaining({ code: 'already-ready' }));
    expect(fake.posted).toHaveLength(1);
  });

  test('an invalid ready payload throws invalid-event and leaves the frame not ready', () => {
    const { frame, fake } = frameOn();
    expect(() => frame.ready({ embedTenant: 'acme', deploymentId: '7' } as never)).toThrow(
      expect.objectContaining({ code: 'invalid-event', message: expect.stringContaining('payload.deploymentId') }),
    );
    frame.emit('navigate', { path: '/x' });
    expect(fake.posted).toEqual([]);
    frame.ready(READY);
    expect(fake.types()).toEqual([eventType('ready'), eventType('navigate')]);
  });
});

describe('emit', () => {
  test.each([
    ['a value out of the list', 'download', { format: 'docx', target: 'widget' }, 'payload.format'],
    ['a missing field', 'download', { format: 'csv' }, 'payload.target'],
    ['a wrong type', 'dashboard-loaded', { widgetCount: 'three' }, 'payload.widgetCount'],
    ['no payload', 'navigate', undefined, 'payload'],
    ['an unknown event', 'downloaded', {}, 'downloaded'],
  ])('%s throws invalid-event naming it, and nothing is sent or queued', (_, name, payload, field) => {
    const { frame, fake } = frameOn();
    frame.ready(READY);
    let thrown: any;
    try {
      frame.emit(name as never, payload as never);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(FrameError);
    expect(thrown.code).toBe('invalid-event');
    expect(thrown.message).toContain(field);
    expect(thrown.cause).toBeDefined();
    expect(fake.posted).toHaveLength(1);
  });

  test.each([['ready'], ['session-expiring'], ['session-expired']])('emit(%j) is refused: the frame sends it itself', (name) => {
    const { frame, fake } = frameOn();
    frame.ready(READY);
    const payload = { expiresAt: T, expiresInMs: 0, expiredAt: T, ...READY, mode: 'private', surface: 'dashboard' };
    expect(() => frame.emit(name as never, payload as never)).toThrow(expect.objectContaining({ code: 'invalid-event' }));
    expect(fake.posted).toHaveLength(1);
  });

  test('error events can be emitted by the surface', () => {
    const { frame, fake } = frameOn();
    frame.ready(READY);
    frame.emit('error', { message: 'query failed', name: 'QueryError', context: 'query', fatal: false });
    expect(fake.posted[1]!.message.payload).toEqual({ message: 'query failed', name: 'QueryError', context: 'query', fatal: false });
  });
});

describe('navigated', () => {
  test('emits navigate with previousPath, then view; publicId defaults to the ready one', () => {
    const { frame, fake } = frameOn();
    frame.ready(READY);
    frame.navigated('/page/1');
    frame.navigated('/page/2', { title: 'Revenue', publicId: 'd-43' });
    const payloads = fake.posted.slice(1).map((entry) => [entry.message.type, entry.message.payload]);
    expect(payloads).toEqual([
      [eventType('navigate'), { path: '/page/1', previousPath: undefined }],
      [eventType('view'), { surface: 'dashboard', path: '/page/1', publicId: 'd-42', title: undefined }],
      [eventType('navigate'), { path: '/page/2', previousPath: '/page/1' }],
      [eventType('view'), { surface: 'dashboard', path: '/page/2', publicId: 'd-43', title: 'Revenue' }],
    ]);
  });

  test('a bad title sends neither event and does not move previousPath', () => {
    const { frame, fake } = frameOn();
    frame.ready(READY);
    expect(() => frame.navigated('/a', { title: 42 as never })).toThrow(expect.objectContaining({ code: 'invalid-event' }));
    expect(fake.posted).toHaveLength(1);
    frame.navigated('/b');
    expect(fake.posted[1]!.message.payload).toEqual({ path: '/b', previousPath: undefined });
  });

  test('viewed reports the first view without a navigate, and becomes the next previousPath', () => {
    const { frame, fake } = frameOn();
    frame.ready(READY);
    frame.viewed('/overview', { title: 'Overview' });
    frame.navigated('/orders');
    expect(fake.posted.slice(1).map((entry) => [entry.message.type, entry.message.payload])).toEqual([
      [eventType('view'), { surface: 'dashboard', path: '/overview', publicId: 'd-42', title: 'Overview' }],
      [eventType('navigate'), { path: '/orders', previousPath: '/overview' }],
      [eventType('view'), { surface: 'dashboard', path: '/orders', publicId: 'd-42', title: undefined }],
    ]);
  });
});

describe('where events go', () => {
  const A = 'https://a.example';
  const B = 'https://b.example:8443';

  test.each([
    ['one allowed origin is the target, whatever the referrer says', [A], { referrer: 'https://elsewhere.example/page' }, A],
    ['several: the framing origin from location.ancestorOrigins', [A, B], { ancestorOrigins: [B, A], referrer: `${A}/x` }, B],
    ['several: else the origin of document.referrer', [A, B], { referrer: `${B}/dashboards?id=1` }, B],
    ['several: an empty ancestorOrigins falls back to the referrer', [A, B], { ancestorOrigins: [], referrer: `${A}/` }, A],
    ['several: a "null" ancestor (Firefox, parent with referrerpolicy no-referrer) falls back to the referrer', [A, B], { ancestorOrigins: ['null'], referrer: `${B}/` }, B],
  ])('%s', (_, hostOrigins, window, target) => {
    const { frame, fake } = frameOn(window, { hostOrigins });
    frame.ready(READY);
    expect(fake.posted.map((entry) => entry.origin)).toEqual([target]);
  });

  test('a predicate: the framing origin when the predicate allows it', () => {
    const { frame, fake } = frameOn({ referrer: `${B}/p` }, { hostOrigins: (origin) => origin === B });
    frame.ready(READY);
    expect(fake.posted.map((entry) => entry.origin)).toEqual([B]);
  });

  test.each([
    ['the framing origin is not allowed', [A, B], { ancestorOrigins: ['https://evil.example'], referrer: `${A}/` }],
    ['the referrer is not allowed', [A, B], { referrer: 'https://evil.example/' }],
    ['there is no referrer', [A, B], { referrer: '' }],
    ['the ancestor is "null" and there is no referrer (no-referrer in Firefox)', [A, B], { ancestorOrigins: ['null'], referrer: '' }],
    ['the referrer is opaque', [A, B], { referrer: 'about:blank' }],
  ])('nothing is sent when %s, and debug mode says why', (_, hostOrigins, window) => {
    const debug = vi.spyOn(console, 'debug').mockImplementation(() => {});
    const { frame, fake } = frameOn(window, { hostOrigins, debug: true });
    frame.ready(READY);
    frame.emit('navigate', { path: '/x' });
    expect(fake.parent.postMessage).not.toHaveBeenCalled();
    expect(debug).toHaveBeenCalledWith('[svc-embed/frame]', 'not sent:', 'no allowed host origin frames this page', expect.objectContaining({ type: eventType('ready') }));
  });

  test('without debug nothing is logged', () => {
    const debug = vi.spyOn(console, 'debug').mockImplementation(() => {});
    const { frame } = frameOn({ referrer: '' }, { hostOrigins: [A, B] });
    frame.ready(READY);
    expect(debug).not.toHaveBeenCalled();
  });

  test('a message postMessage cannot clone is dropped (debug log) and does not stop the queue', () => {
    const debug = vi.spyOn(console, 'debug').mockImplementation(() => {});
    const { frame, fake } = frameOn({}, { debug: true });
    const record = fake.parent.postMessage.getMockImplementation()!;
    fake.parent.postMessage.mockImplementation((message: any, origin) => {
      if (typeof message.payload.value === 'function') throw new DOMException('could not be cloned', 'DataCloneError');
      record(message, origin);
    });
    frame.emit('drilldown', { member: 'orders.count', value: () => 1 });
    frame.emit('navigate', { path: '/after' });
    frame.ready(READY);
    expect(fake.types()).toEqual([eventType('ready'), eventType('navigate')]);
    expect(debug).toHaveBeenCalledWith('[svc-embed/frame]', 'not sent:', expect.any(DOMException), expect.objectContaining({ type: eventType('drilldown') }));
  });
});
