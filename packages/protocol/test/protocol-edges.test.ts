// The protocol's answers at their edges: the exact detail of each kind of failed check, the helpers'
// bounds (locale length, offsets with spaces, values that are not strings), the errors' code, name
// and message, and what parse and check say when reading the value throws.
import { describe, expect, it } from 'vitest';
import { describeIssue } from '../src/issue.js';
import {
  buildActionMessage, buildEventMessage, buildFilterParameter, checkActionPayload, checkEventPayload, isActionName, isEventName, isIanaTimeZone,
  isLocaleTag, isUtcOffset, parseActionMessage, parseEventMessage, parseFilterParameter, ProtocolError,
} from '../src/index.js';

const UNREADABLE = 'could not be read (a getter threw)';
/** An object whose every property read throws, as a hostile proxy would. */
const throwingOnRead = () => new Proxy({}, { get: () => { throw new Error('trap'); } });

describe('filter parameter edges', () => {
  it('parses only strings: an array whose text is a filter is not one', () => {
    expect(parseFilterParameter(['f_orders.status={"value":1}'])).toBeUndefined();
  });

  it('parses only a whole parameter: text before f_ makes it none', () => {
    expect(parseFilterParameter('xf_orders.status={"value":1}')).toBeUndefined();
  });

  it('a filter it cannot build is a ProtocolError with code invalid-argument', () => {
    let thrown: unknown;
    try {
      buildFilterParameter('orders.x', 'status', 'x');
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ProtocolError);
    expect(thrown).toMatchObject({ name: 'ProtocolError', code: 'invalid-argument' });
  });
});

describe('what a failed check says', () => {
  it('a value of the wrong type: "expected <type>"', () => {
    expect(checkEventPayload('error', { message: 7 } as never)).toEqual({ ok: false, field: 'payload.message', detail: 'expected string' });
    expect(checkEventPayload('error', { message: 'down', fatal: 'yes' } as never)).toEqual({ ok: false, field: 'payload.fatal', detail: 'expected boolean' });
  });

  it('a value outside an enum: "expected one of ..."', () => {
    expect(checkActionPayload('set-color-scheme', { scheme: 'sepia' } as never)).toEqual({ ok: false, field: 'payload.scheme', detail: 'expected one of light, dark, auto' });
  });

  it("a custom check: the check's own sentence", () => {
    expect(checkActionPayload('navigate', { path: 'reports' })).toEqual({ ok: false, field: 'payload.path', detail: 'expected a path such as /orders: one leading "/", no control or bidi characters, 2048 at most' });
    expect(checkActionPayload('set-timezone', { timezone: '' })).toEqual({ ok: false, field: 'payload.timezone', detail: 'expected a non-empty string' });
    expect(checkActionPayload('set-locale', { locale: 'english' })).toEqual({ ok: false, field: 'payload.locale', detail: 'expected a BCP 47 locale tag such as es-ES' });
    expect(checkActionPayload('set-filter', { filterUrlParameter: 'status=1' })).toEqual({
      ok: false, field: 'payload.filterUrlParameter', detail: 'expected f_<semantic_view>.<dimension>=<JSON>',
    });
    expect(checkActionPayload('set-theme', { embedTheme: { borderRadius: true } } as never)).toEqual({ ok: false, field: 'payload.embedTheme.borderRadius', detail: 'expected string or number' });
  });

  it('an unknown name: "unknown name <name>" on field type', () => {
    expect(checkEventPayload('no-such-event' as never, {} as never)).toEqual({ ok: false, field: 'type', detail: 'unknown name no-such-event' });
  });

  it('a payload whose reading throws: payload, could not be read (never a throw)', () => {
    expect(checkActionPayload('set-color-scheme', throwingOnRead() as never)).toEqual({ ok: false, field: 'payload', detail: UNREADABLE });
  });

  it('describeIssue: without an issue the whole value is named; an enum issue without values lists none', () => {
    expect(describeIssue(undefined, 'payload')).toEqual({ field: 'payload', detail: 'invalid' });
    expect(describeIssue(undefined, '')).toEqual({ field: 'message', detail: 'invalid' });
    expect(describeIssue({ code: 'invalid_value', path: ['scheme'], message: 'Invalid input' }, 'payload')).toEqual({ field: 'payload.scheme', detail: 'expected one of ' });
  });
});

describe('catalog edges', () => {
  it('a name must be a string: an array whose text is a name is not one', () => {
    expect(isEventName(['ready'])).toBe(false);
    expect(isActionName(['refresh'])).toBe(false);
  });

  it.each([
    ['download', { format: 'xlsx', target: 'widget' }],
    ['ai-query', { query: 'q', status: 'error' }],
  ] as const)('every enum value is accepted: %s %j', (name, payload) => {
    expect(checkEventPayload(name, payload as never)).toEqual({ ok: true, value: payload });
  });
});

describe('set-theme borderRadius', () => {
  it.each(['8px', 8])('accepts %j (a string or a number)', (borderRadius) => {
    expect(checkActionPayload('set-theme', { embedTheme: { borderRadius } })).toEqual({ ok: true, value: { embedTheme: { borderRadius } } });
  });
});

describe('built messages', () => {
  it('an unknown surface: the message lists the surfaces and names the one given', () => {
    expect(() => buildEventMessage('view', { surface: 'dashboard', path: '/' }, { surface: 'kiosk' as never })).toThrow(
      expect.objectContaining({ code: 'invalid-argument', message: 'surface must be one of dashboard, app, chat (got kiosk)' }),
    );
  });

  it('refresh has no payload key at all (not one set to undefined)', () => {
    const message = buildActionMessage('refresh', undefined, { now: () => 1 });
    expect(Object.keys(message)).toEqual(['source', 'direction', 'type', 'timestamp']);
  });
});

describe('parse edges', () => {
  it('an envelope whose type is not a string reports type undefined, not the value', () => {
    const result = parseEventMessage({ source: 'svc-embed', direction: 'event', type: 42, timestamp: 1, surface: 'dashboard' });
    expect(result).toEqual({ ok: false, reason: 'invalid', type: undefined, field: 'type', detail: 'expected string' });
  });

  it('an envelope whose type is a string keeps it in the result, even when another field is wrong', () => {
    const result = parseEventMessage({ source: 'svc-embed', direction: 'event', type: 'svc:event:view', timestamp: 'now', surface: 'dashboard' });
    expect(result).toEqual({ ok: false, reason: 'invalid', type: 'svc:event:view', field: 'timestamp', detail: 'expected number' });
  });

  it('undefined is not a protocol message (never a read of undefined)', () => {
    expect(parseEventMessage(undefined)).toEqual({ ok: false, reason: 'not-protocol', detail: 'source is not svc-embed' });
  });

  it('an action without a payload parses to a message without a payload key (not one set to undefined)', () => {
    const result = parseActionMessage({ source: 'svc-embed', direction: 'action', type: 'svc:action:refresh', timestamp: 1, payload: undefined });
    expect(result.ok).toBe(true);
    expect(result.ok && 'payload' in result.message).toBe(false);
  });

  it('an action carrying surface says it must not', () => {
    const result = parseActionMessage({ source: 'svc-embed', direction: 'action', type: 'svc:action:refresh', timestamp: 1, surface: 'dashboard' });
    expect(result).toEqual({ ok: false, reason: 'invalid', type: 'svc:action:refresh', field: 'surface', detail: 'must not be present on actions' });
  });

  it('data whose reading throws: invalid, field message, could not be read', () => {
    expect(parseEventMessage(throwingOnRead())).toEqual({ ok: false, reason: 'invalid', type: undefined, field: 'message', detail: UNREADABLE });
  });
});

describe('locale tag bounds', () => {
  it('35 characters is the longest tag accepted', () => {
    const tag = 'en-US-x-aaaaaaaa-bbbbbbbb-ccccccc-d';
    expect(tag).toHaveLength(35);
    expect(isLocaleTag(tag)).toBe(true);
    expect(isLocaleTag(`${tag.slice(0, -1)}dd`)).toBe(false);
  });

  it('a non-string is refused even when its text is a tag', () => {
    expect(isLocaleTag(['en'])).toBe(false);
  });
});

describe('time zone and offset edges', () => {
  it('an offset with spaces around it, or between sign and digits, is an offset', () => {
    expect(isUtcOffset(' UTC+2')).toBe(true);
    expect(isUtcOffset('UTC+ 5')).toBe(true);
    expect(isUtcOffset('+x5')).toBe(false);
  });

  it('undefined is not a time zone (Intl would take it for the default one)', () => {
    expect(isIanaTimeZone(undefined)).toBe(false);
  });
});
