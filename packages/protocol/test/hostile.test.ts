import { afterEach, describe, expect, it } from 'vitest';
import { parseActionMessage, parseEventMessage } from '../src/index.js';

const prototypeKeys = Object.getOwnPropertyNames(Object.prototype).sort();
afterEach(() => {
  expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(prototypeKeys);
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  expect(({} as Record<string, unknown>).y).toBeUndefined();
});

const envelope = (payload: unknown, type = 'svc:event:drilldown') => ({
  source: 'svc-embed', direction: 'event', type, payload, timestamp: 1, surface: 'dashboard',
});

function deeplyNested(depth: number): unknown {
  let value: unknown = 'bottom';
  for (let i = 0; i < depth; i++) value = { next: value, list: [value] };
  return value;
}

function cyclic(): Record<string, unknown> {
  const value: Record<string, unknown> = { member: 'orders.count' };
  value.self = value;
  value.value = value;
  return value;
}

const hostile: [string, () => unknown][] = [
  ['null', () => null],
  ['undefined', () => undefined],
  ['a string', () => 'svc-embed'],
  ['a JSON string of a valid message', () => JSON.stringify(envelope({ member: 'm' }))],
  ['a number', () => 42],
  ['an array', () => [envelope({ member: 'm' })]],
  ['a function', () => () => 1],
  ['a symbol', () => Symbol('x')],
  ['a deeply nested payload', () => envelope({ member: 'm', value: deeplyNested(5_000) })],
  ['a very large object', () => envelope(Object.fromEntries(Array.from({ length: 100_000 }, (_, i) => [`k${i}`, i])))],
  ['a very long string', () => envelope({ member: 'x'.repeat(5_000_000) })],
  ['__proto__ and constructor keys', () => JSON.parse('{"source":"svc-embed","direction":"event","type":"svc:event:drilldown","timestamp":1,"surface":"dashboard","__proto__":{"polluted":1},"constructor":{"prototype":{"y":1}},"payload":{"member":"m","__proto__":{"polluted":1},"value":{"__proto__":{"polluted":1}}}}')],
  ['a theme action with __proto__ keys', () => JSON.parse('{"source":"svc-embed","direction":"action","type":"svc:action:set-theme","timestamp":1,"payload":{"embedTheme":{"__proto__":{"polluted":1},"constructor":{"prototype":{"y":1}},"prototype":{"y":1}}}}')],
  ['a getter that throws on source', () => ({ get source() { throw new Error('boom'); } })],
  ['a getter that throws on payload', () => ({ ...envelope(null), get payload() { throw new Error('boom'); } })],
  ['a getter that throws inside the payload', () => envelope({ get member() { throw new Error('boom'); } })],
  ['a cyclic payload', () => envelope(cyclic())],
  ['a cyclic message', () => { const m: Record<string, unknown> = envelope({ member: 'm' }); m.payload = m; return m; }],
  ['a proxy that throws on every trap', () => new Proxy({}, { get() { throw new Error('trap'); }, has() { throw new Error('trap'); }, ownKeys() { throw new Error('trap'); }, getPrototypeOf() { throw new Error('trap'); } })],
  ['a revoked proxy', () => { const { proxy, revoke } = Proxy.revocable({}, {}); revoke(); return proxy; }],
  ['an object with a null prototype', () => Object.assign(Object.create(null), envelope({ member: 'm' }))],
  ['an event with a toString that throws', () => envelope({ member: { toString() { throw new Error('x'); } } }, 'svc:event:drilldown')],
];

describe('hostile input', () => {
  it.each(hostile)('never throws on %s, as event or action', (_name, make) => {
    const data = make();
    expect(() => parseEventMessage(data)).not.toThrow();
    expect(() => parseActionMessage(data)).not.toThrow();
    const result = parseEventMessage(data);
    expect(typeof result.ok).toBe('boolean');
  });

  it('does not mutate its input', () => {
    const data = envelope({ member: 'orders.count', value: { nested: [1, 2] }, extra: 'dropped' });
    const before = JSON.stringify(data);
    const frozen = Object.freeze({ ...data, payload: Object.freeze(data.payload) });
    expect(parseEventMessage(frozen).ok).toBe(true);
    expect(JSON.stringify(data)).toBe(before);
  });

  it('keeps an own __proto__ key out of parsed results and prototypes', () => {
    const result = parseActionMessage(hostile[12]![1]());
    expect(result.ok).toBe(true);
    if (result.ok) {
      const theme = (result.message.payload as { embedTheme: object }).embedTheme;
      expect(Object.getPrototypeOf(theme)).toBe(Object.prototype);
      expect((theme as Record<string, unknown>).polluted).toBeUndefined();
    }
  });

  it('reports a payload getter that throws as an invalid message, not a crash', () => {
    expect(parseEventMessage(hostile[15]![1]())).toMatchObject({ ok: false, reason: 'invalid' });
  });

  it('still parses a valid message after hostile ones', () => {
    for (const [, make] of hostile) parseEventMessage(make());
    expect(parseEventMessage(envelope({ member: 'orders.count' })).ok).toBe(true);
  });
});
