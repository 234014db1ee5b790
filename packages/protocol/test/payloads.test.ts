import { describe, expect, it } from 'vitest';
import {
  actionType, buildActionMessage, buildEventMessage, eventType, parseActionMessage, parseEventMessage,
  ProtocolError, type ActionName, type EventName,
} from '../src/index.js';
import { actionExamples, eventExamples, minimalEventExamples } from './examples.js';
import { ACTION_FIELDS, EVENT_FIELDS, wrongValues, type FieldSpec } from './spec-fields.js';

const event = (name: string, payload: unknown, extra: object = {}) => ({
  source: 'svc-embed', direction: 'event', type: `svc:event:${name}`, payload, timestamp: 1, surface: 'dashboard', ...extra,
});
const action = (name: string, payload: unknown) => {
  const message: Record<string, unknown> = { source: 'svc-embed', direction: 'action', type: `svc:action:${name}`, timestamp: 1 };
  if (payload !== undefined) message.payload = payload;
  return message;
};

/** Every rejection case of a catalog: each required field missing, each wrong type, each off-list value. */
function rejectionCases(fields: Record<string, Record<string, FieldSpec>>, examples: Record<string, unknown>) {
  const cases: [string, string, string, unknown][] = [];
  for (const [name, spec] of Object.entries(fields)) {
    const example = examples[name] as Record<string, unknown>;
    for (const [field, { required, type }] of Object.entries(spec)) {
      if (required) {
        const { [field]: _removed, ...rest } = example;
        cases.push([name, field, 'missing', rest]);
      }
      for (const value of wrongValues(type)) {
        if (value === undefined && !required) continue;
        cases.push([name, field, `= ${typeof value === 'number' ? String(value) : JSON.stringify(value)}`, { ...example, [field]: value }]);
      }
    }
  }
  return cases;
}

describe('event payloads', () => {
  it.each(Object.entries(eventExamples))('accepts the full example of %s', (name, payload) => {
    const result = parseEventMessage(event(name, payload));
    expect(result).toEqual({ ok: true, message: event(name, payload) });
  });

  it.each(Object.entries(minimalEventExamples))('accepts the minimal example of %s', (name, payload) => {
    expect(parseEventMessage(event(name, payload)).ok).toBe(true);
  });

  it.each(rejectionCases(EVENT_FIELDS, eventExamples))('rejects %s with %s %s, naming the field', (name, field, _how, payload) => {
    const result = parseEventMessage(event(name, payload));
    expect(result).toMatchObject({ ok: false, reason: 'invalid', type: `svc:event:${name}`, field: `payload.${field}` });
    expect(() => buildEventMessage(name as EventName, payload as never, { surface: 'dashboard' })).toThrow(`payload.${field}`);
  });

  it('drops unknown payload fields, so a download can never carry rows', () => {
    const result = parseEventMessage(event('download', { format: 'csv', target: 'dashboard', rows: [[1, 2]] }));
    expect(result).toMatchObject({ ok: true, message: { payload: { format: 'csv', target: 'dashboard' } } });
    expect(result.ok && 'rows' in result.message.payload).toBe(false);
  });

  it('keeps a drilldown value of any JSON type', () => {
    for (const value of [null, 'x', 1, [1], { a: 1 }]) {
      const result = parseEventMessage(event('drilldown', { member: 'orders.count', value }));
      expect(result).toMatchObject({ ok: true, message: { payload: { value } } });
    }
  });
});

describe('action payloads', () => {
  it.each(Object.entries(actionExamples))('accepts the example of %s', (name, payload) => {
    expect(parseActionMessage(action(name, payload))).toEqual({ ok: true, message: action(name, payload) });
  });

  it.each(rejectionCases(ACTION_FIELDS, actionExamples))('rejects %s with %s %s, naming the field', (name, field, _how, payload) => {
    const result = parseActionMessage(action(name, payload));
    expect(result).toMatchObject({ ok: false, reason: 'invalid', type: `svc:action:${name}`, field: `payload.${field}` });
    expect(() => buildActionMessage(name as ActionName, payload as never)).toThrow(`payload.${field}`);
  });

  it.each([
    ['set-locale', { locale: 'english' }, 'payload.locale'],
    ['set-locale', { locale: '' }, 'payload.locale'],
    ['set-locale', { locale: 'es_ES' }, 'payload.locale'],
    ['set-timezone', { timezone: '' }, 'payload.timezone'],
    ['set-filter', { filterUrlParameter: 'orders.status=completed' }, 'payload.filterUrlParameter'],
    ['set-filter', { filterUrlParameter: 'f_orders.status={bad json' }, 'payload.filterUrlParameter'],
    ['set-filter', { filterUrlParameter: 'f_orders={"value":1}' }, 'payload.filterUrlParameter'],
    ['navigate', { path: 'page/2' }, 'payload.path'],
    ['navigate', { path: '//evil.example/x' }, 'payload.path'],
    ['set-session', { sessionId: '' }, 'payload.sessionId'],
    ['set-theme', { embedTheme: { primaryColor: 1 } }, 'payload.embedTheme.primaryColor'],
    ['set-theme', { embedTheme: { borderRadius: true } }, 'payload.embedTheme.borderRadius'],
    ['set-theme', { embedTheme: { font: {} } }, 'payload.embedTheme.font'],
  ])('rejects %s %j at %s', (name, payload, field) => {
    expect(parseActionMessage(action(name, payload))).toMatchObject({ ok: false, reason: 'invalid', field });
  });

  it('passes unknown theme fields through untouched', () => {
    const embedTheme = { primaryColor: '#000', analyticsChat: { chatInput: { borderColor: '#ccc' } }, futureField: [1] };
    expect(parseActionMessage(action('set-theme', { embedTheme }))).toMatchObject({ ok: true, message: { payload: { embedTheme } } });
  });

  it('accepts refresh with no payload or an empty one', () => {
    expect(parseActionMessage(action('refresh', undefined))).toMatchObject({ ok: true });
    expect(parseActionMessage(action('refresh', {}))).toMatchObject({ ok: true });
    expect(parseActionMessage(action('refresh', 'x'))).toMatchObject({ ok: false, field: 'payload' });
  });
});

describe('envelope', () => {
  it('rejects a surface on an action', () => {
    const message = { ...action('set-color-scheme', { scheme: 'dark' }), surface: 'dashboard' };
    expect(parseActionMessage(message)).toMatchObject({ ok: false, reason: 'invalid', field: 'surface' });
  });

  it.each([['missing', undefined], ['unknown', 'report'], ['wrong type', 1]])('rejects an event whose surface is %s', (_how, surface) => {
    const message: Record<string, unknown> = event('navigate', { path: '/' });
    if (surface === undefined) delete message.surface;
    else message.surface = surface;
    expect(parseEventMessage(message)).toMatchObject({ ok: false, reason: 'invalid', field: 'surface' });
  });

  it.each([
    ['timestamp', 'now'], ['timestamp', undefined], ['type', 42], ['type', undefined],
  ])('rejects an event whose %s is %j', (field, value) => {
    expect(parseEventMessage(event('navigate', { path: '/' }, { [field]: value }))).toMatchObject({ ok: false, reason: 'invalid', field });
  });

  it.each([
    ['another source', { ...event('ready', eventExamples.ready), source: 'other' }],
    ['no source', { type: 'svc:event:ready' }],
    ['an action where an event is expected', action('refresh', undefined)],
  ])('says not-protocol for %s', (_name, data) => {
    expect(parseEventMessage(data)).toMatchObject({ ok: false, reason: 'not-protocol' });
  });

  it('says not-protocol for an event where an action is expected', () => {
    expect(parseActionMessage(event('ready', eventExamples.ready))).toMatchObject({ ok: false, reason: 'not-protocol' });
  });

  it.each(['svc:event:resized', 'svc:event:constructor', 'svc:event:__proto__', 'svc:action:refresh', 'other:ready'])(
    'reports the well-formed event type %s as unknown, with the message',
    (type) => {
      const result = parseEventMessage({ ...event('x', { any: 1 }), type });
      expect(result).toMatchObject({ ok: false, reason: 'unknown-type', type, message: { type, payload: { any: 1 } } });
    },
  );
});

describe('building', () => {
  it('stamps events with the injected clock and surface', () => {
    const message = buildEventMessage('navigate', { path: '/a' }, { surface: 'app', now: () => 1234 });
    expect(message).toEqual({ source: 'svc-embed', direction: 'event', type: eventType('navigate'), payload: { path: '/a' }, timestamp: 1234, surface: 'app' });
  });

  it('builds actions without a surface, and refresh without a payload', () => {
    expect(buildActionMessage('refresh', undefined, { now: () => 5 })).toEqual({ source: 'svc-embed', direction: 'action', type: actionType('refresh'), timestamp: 5 });
    expect(buildActionMessage('set-session', { sessionId: 's1' }, { now: () => 5 })).not.toHaveProperty('surface');
  });

  it('round-trips every example through build and parse', () => {
    for (const [name, payload] of Object.entries(eventExamples))
      expect(parseEventMessage(buildEventMessage(name as EventName, payload as never, { surface: 'chat' }))).toMatchObject({ ok: true });
    for (const [name, payload] of Object.entries(actionExamples))
      expect(parseActionMessage(buildActionMessage(name as ActionName, payload as never))).toMatchObject({ ok: true });
  });

  it('throws a ProtocolError with a stable code and the field', () => {
    const error = (() => { try { buildActionMessage('set-color-scheme', { scheme: 'blue' as never }); } catch (e) { return e; } })();
    expect(error).toBeInstanceOf(ProtocolError);
    expect(error).toMatchObject({ code: 'invalid-payload', field: 'payload.scheme' });
    expect((error as Error).message).toBe('svc:action:set-color-scheme: payload.scheme expected one of light, dark, auto');
    expect(() => buildActionMessage('reload' as never, undefined)).toThrow(expect.objectContaining({ code: 'unknown-type' }));
    expect(() => buildEventMessage('ready', eventExamples.ready, { surface: 'report' as never })).toThrow(expect.objectContaining({ code: 'invalid-argument' }));
  });
});
