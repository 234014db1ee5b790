// isEmbedPath: the check every in-embed path from outside passes before the navigate action carries it.
import { describe, expect, it } from 'vitest';
import { checkActionPayload, isEmbedPath, MAX_EMBED_PATH_LENGTH } from '../src/index.js';

describe('isEmbedPath', () => {
  it.each(['/', '/orders', '/page/2', '/orders?tab=2&sort=a b', '/ünïcode/пути', '/a:b', `/${'a'.repeat(MAX_EMBED_PATH_LENGTH - 1)}`])('accepts %j', (path) => {
    expect(isEmbedPath(path)).toBe(true);
    expect(checkActionPayload('navigate', { path }).ok).toBe(true);
  });

  const refused = [
    '', 'orders', 'https://evil.example/x', 'javascript:alert(1)', '//evil.example', '///evil', '/\\evil.example', '\\\\evil',
    '/\n', '/a\rb', '/\u0000', '/tab\there', '/\u007f', '/\u0085', ` /orders`, `/${'a'.repeat(MAX_EMBED_PATH_LENGTH)}`,
  ];
  it.each(refused)('refuses %j, and the navigate action does too', (path) => {
    expect(isEmbedPath(path)).toBe(false);
    expect(checkActionPayload('navigate', { path }).ok).toBe(false);
  });

  it.each([undefined, null, 42, ['/orders'], { path: '/orders' }])('refuses a non-string %j', (value) => {
    expect(isEmbedPath(value)).toBe(false);
  });
});
