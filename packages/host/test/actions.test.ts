import { actionType, parseActionMessage } from '@svc-embed/protocol';
import { describe, expect, it } from 'vitest';
import { EmbedError, type Embed } from '../src/index.js';
import { READY, setup, START, useFakeClock } from './support/helpers.js';

useFakeClock();

describe('action senders', () => {
  const cases: [string, (embed: Embed) => void, string, unknown][] = [
    ['setColorScheme', (e) => e.setColorScheme('dark'), 'set-color-scheme', { scheme: 'dark' }],
    ['setTheme', (e) => e.setTheme({ primaryColor: '#0b5', borderRadius: 8, analyticsChat: { backgroundColor: '#fff' } }), 'set-theme',
      { embedTheme: { primaryColor: '#0b5', borderRadius: 8, analyticsChat: { backgroundColor: '#fff' } } }],
    ['setLocale', (e) => e.setLocale('es-ES'), 'set-locale', { locale: 'es-ES' }],
    ['setTimezone', (e) => e.setTimezone('Europe/Berlin'), 'set-timezone', { timezone: 'Europe/Berlin' }],
    ['setFilter(view, dimension, value)', (e) => e.setFilter('orders', 'status', 'completed'), 'set-filter',
      { filterUrlParameter: 'f_orders.status={"value":"completed"}' }],
    ['setFilter(view, dimension, object)', (e) => e.setFilter('orders', 'status', { value: 'x', op: 'in' }), 'set-filter',
      { filterUrlParameter: 'f_orders.status={"value":"x","op":"in"}' }],
    ['setFilter(raw)', (e) => e.setFilter('f_orders.status={"value":"completed"}'), 'set-filter',
      { filterUrlParameter: 'f_orders.status={"value":"completed"}' }],
    ['navigate', (e) => e.navigate('/page/2'), 'navigate', { path: '/page/2' }],
    ['refresh', (e) => e.refresh(), 'refresh', undefined],
    ['setSession', (e) => e.setSession('s-7'), 'set-session', { sessionId: 's-7' }],
  ];

  it.each(cases)('%s posts a valid action to the tenant origin', (_, act, name, payload) => {
    const { embed, emit, frame } = setup();
    emit('ready', READY);
    act(embed);
    expect(frame.posted).toHaveLength(1);
    const { message, origin } = frame.posted[0]!;
    expect(origin).toBe('https://tenant.example');
    expect(message).toEqual({ source: 'svc-embed', direction: 'action', type: actionType(name as never), timestamp: START, ...(payload === undefined ? {} : { payload }) });
    expect(parseActionMessage(message).ok).toBe(true);
  });

  const invalid: [string, (embed: Embed) => void, RegExp][] = [
    ['an unknown scheme', (e) => e.setColorScheme('sepia' as never), /scheme/],
    ['a theme that is not an object', (e) => e.setTheme('dark' as never), /embedTheme/],
    ['a locale that is not one', (e) => e.setLocale('english'), /locale/],
    ['a bare UTC offset', (e) => e.setTimezone('+05:30'), /IANA/],
    ['an unknown time zone', (e) => e.setTimezone('Mars/Olympus'), /IANA/],
    ['a filter view with a dot', (e) => e.setFilter('a.b', 'c', 'v'), /filter/],
    ['a filter without value', (e) => (e.setFilter as (...a: unknown[]) => void)('orders', 'status'), /filter/],
    ['a raw filter of another form', (e) => e.setFilter('orders=completed'), /filterUrlParameter/],
    ['a path without a leading slash', (e) => e.navigate('page/2'), /path/],
    ['a protocol-relative path', (e) => e.navigate('//evil.example'), /path/],
    ['an empty session id', (e) => e.setSession(''), /sessionId/],
  ];

  it.each(invalid)('throws invalid-action for %s and sends nothing', (_, act, message) => {
    const { embed, emit, frame } = setup();
    emit('ready', READY);
    let error: unknown;
    try {
      act(embed);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(EmbedError);
    expect(error).toMatchObject({ code: 'invalid-action', message: expect.stringMatching(message) });
    expect(frame.postMessage).not.toHaveBeenCalled();
  });

  it('throws before queueing too', () => {
    const { embed, emit, frame } = setup();
    expect(() => embed.setColorScheme('sepia' as never)).toThrow(EmbedError);
    emit('ready', READY);
    expect(frame.postMessage).not.toHaveBeenCalled();
  });
});

describe('queue before ready', () => {
  it('holds actions until ready, then sends them in order, then sends directly', () => {
    const { embed, emit, actions } = setup();
    embed.setColorScheme('dark');
    embed.navigate('/a');
    embed.refresh();
    expect(actions()).toEqual([]);
    emit('ready', READY);
    expect(actions()).toEqual(['set-color-scheme', 'navigate', 'refresh']);
    embed.setLocale('es');
    expect(actions()).toEqual(['set-color-scheme', 'navigate', 'refresh', 'set-locale']);
  });

  it('lets a ready listener send at once, after the queue', () => {
    const { embed, emit, actions } = setup();
    embed.refresh();
    embed.on('ready', () => embed.setColorScheme('light'));
    emit('ready', READY);
    expect(actions()).toEqual(['refresh', 'set-color-scheme']);
  });

  it('drops the queue on destroy and throws afterwards', () => {
    const { embed, emit, frame } = setup();
    embed.refresh();
    embed.destroy();
    emit('ready', READY);
    expect(frame.postMessage).not.toHaveBeenCalled();
    expect(() => embed.refresh()).toThrow(expect.objectContaining({ code: 'destroyed' }));
    expect(() => embed.setSession('x')).toThrow(expect.objectContaining({ code: 'destroyed' }));
  });
});
