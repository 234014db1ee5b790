// isEmbedPath: the check every in-embed path from outside passes before the navigate action carries it.
import { describe, expect, it } from 'vitest';
import { checkActionPayload, isEmbedPath, MAX_EMBED_PATH_LENGTH } from '../src/index.js';

describe('isEmbedPath', () => {
  it.each(['/', '/orders', '/page/2', '/orders?tab=2&sort=a b', '/ünïcode/пути', '/a:b', '/emoji/😀', '/\u05E9\u05DC\u05D5\u05DD', `/${'a'.repeat(MAX_EMBED_PATH_LENGTH - 1)}`])('accepts %j', (path) => {
    expect(isEmbedPath(path)).toBe(true);
    expect(checkActionPayload('navigate', { path }).ok).toBe(true);
  });

  const refused = [
    '', 'orders', 'https://evil.example/x', 'javascript:alert(1)', '//evil.example', '///evil', '/\\evil.example', '\\\\evil',
    '/\n', '/a\rb', '/\u0000', '/tab\there', '/\u007f', '/\u0085', ` /orders`, `/${'a'.repeat(MAX_EMBED_PATH_LENGTH)}`,
    // Bidirectional and other format characters (a path shown other than it is), separators, lone surrogates.
    '/report\u202Efdp.exe', '/\u202A', '/\u202B', '/\u202C', '/\u202D', '/\u2066', '/\u2067', '/\u2068', '/\u2069', '/\u200E', '/\u200F', '/\u061C',
    '/zero\u200Bwidth', '/\u200D', '/\u2060', '/\uFEFF', '/\u00AD', '/line\u2028break', '/\u2029', '/\uD800', '/a\uDC00b',
  ];
  it.each(refused)('refuses %j, and the navigate action does too', (path) => {
    expect(isEmbedPath(path)).toBe(false);
    expect(checkActionPayload('navigate', { path }).ok).toBe(false);
  });

  it.each([undefined, null, 42, ['/orders'], { path: '/orders' }])('refuses a non-string %j', (value) => {
    expect(isEmbedPath(value)).toBe(false);
  });
});
