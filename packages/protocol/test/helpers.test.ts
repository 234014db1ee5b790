import { describe, expect, it } from 'vitest';
import { buildFilterParameter, isIanaTimeZone, isLocaleTag, isUtcOffset, parseFilterParameter, ProtocolError } from '../src/index.js';

describe('filter parameter', () => {
  it.each([
    ['orders', 'status', { value: 'completed' }, 'f_orders.status={"value":"completed"}'],
    ['orders', 'status', 'completed', 'f_orders.status={"value":"completed"}'],
    ['orders', 'amount', 42, 'f_orders.amount={"value":42}'],
    ['orders', 'status', ['a', 'b'], 'f_orders.status={"value":["a","b"]}'],
    ['orders', 'created_at', { value: '2026-01-01', operator: 'gte' }, 'f_orders.created_at={"value":"2026-01-01","operator":"gte"}'],
    ['sales_view', 'customer.region', null, 'f_sales_view.customer.region={"value":null}'],
  ])('builds %s.%s from %j', (view, dimension, value, expected) => {
    expect(buildFilterParameter(view, dimension, value)).toBe(expected);
  });

  it('parses what it builds', () => {
    const parameter = buildFilterParameter('orders', 'status', { value: 'completed' });
    expect(parseFilterParameter(parameter)).toEqual({ view: 'orders', dimension: 'status', value: { value: 'completed' } });
    expect(parseFilterParameter('f_a.b.c={"value":"x=y"}')).toEqual({ view: 'a', dimension: 'b.c', value: { value: 'x=y' } });
  });

  it.each([
    ['', 'status', 'x'], ['orders.x', 'status', 'x'], ['orders', '', 'x'], ['orders', 'st=atus', 'x'], ['or ders', 'status', 'x'],
    ['orders', 'status', undefined], ['orders', 'status', { value: undefined }], ['orders', 'status', () => 1], ['orders', 'status', 10n],
  ])('refuses view %j, dimension %j, value %s with a clear error', (view, dimension, value) => {
    expect(() => buildFilterParameter(view, dimension, value)).toThrow(ProtocolError);
  });

  it.each([null, 42, '', 'orders.status={"value":1}', 'f_orders.status=', 'f_orders.status={oops}', 'f_.status={}', 'f_orders={"v":1}'])(
    'parses %j as undefined',
    (input) => expect(parseFilterParameter(input)).toBeUndefined(),
  );
});

describe('time zones', () => {
  it.each(['Europe/Berlin', 'UTC', 'America/Argentina/Buenos_Aires', 'Asia/Kolkata', 'Etc/GMT+5'])('accepts %s', (zone) => {
    expect(isIanaTimeZone(zone)).toBe(true);
  });
  it.each(['+05:30', '-0800', 'UTC+2', 'GMT-03:00', 'utc +1', '\u221205:00', '', 'Mars/Olympus', 'Europe/Berlin ', 42, null])('rejects %j', (zone) => {
    expect(isIanaTimeZone(zone)).toBe(false);
  });
  it('tells bare offsets apart from IANA names', () => {
    expect(isUtcOffset('+05:30')).toBe(true);
    expect(isUtcOffset('Etc/GMT+5')).toBe(false);
  });
});

describe('locale tags', () => {
  it.each(['es-ES', 'es', 'en-US', 'zh-Hant-TW', 'es-419', 'pt-BR', 'fil'])('accepts %s', (tag) => expect(isLocaleTag(tag)).toBe(true));
  it.each(['', 'english', 'es_ES', 'e', '123', 'es-', 42, null, 'x'.repeat(100)])('rejects %j', (tag) => expect(isLocaleTag(tag)).toBe(false));
});
