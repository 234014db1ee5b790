// requiredCsp: the directives a host page's Content Security Policy needs for the SDK (issue 30).
import { describe, expect, it } from 'vitest';
import { requiredCsp } from '../../src/index.js';

describe('requiredCsp', () => {
  it('frame-src with the tenant origin', () => {
    expect(requiredCsp({ baseUrl: 'https://tenant.example' })).toEqual({
      directives: { 'frame-src': ['https://tenant.example'] },
      header: 'frame-src https://tenant.example',
    });
  });

  it('refuses a baseUrl with a path, as createEmbed does, saying what to write', () => {
    expect(() => requiredCsp({ baseUrl: 'https://tenant.example/analytics/' })).toThrow(
      expect.objectContaining({ code: 'invalid-option', message: expect.stringContaining('write https://tenant.example') }),
    );
  });

  it('with a session endpoint on the page\'s origin: connect-src \'self\'', () => {
    expect(requiredCsp({ baseUrl: 'https://tenant.example', sessionEndpoint: '/api/embed-session' })).toEqual({
      directives: { 'frame-src': ['https://tenant.example'], 'connect-src': ["'self'"] },
      header: "frame-src https://tenant.example; connect-src 'self'",
    });
  });

  it('an absolute endpoint or script URL: its origin', () => {
    const { directives, header } = requiredCsp({ baseUrl: 'http://localhost:8787', sessionEndpoint: 'https://api.shop.example/embed-session', script: 'https://cdn.shop.example/svc-embed.min.js' });
    expect(directives).toEqual({ 'frame-src': ['http://localhost:8787'], 'connect-src': ['https://api.shop.example'], 'script-src': ['https://cdn.shop.example'] });
    expect(header).toBe('frame-src http://localhost:8787; connect-src https://api.shop.example; script-src https://cdn.shop.example');
  });

  it('the script file served by the page\'s own origin: script-src \'self\'', () => {
    expect(requiredCsp({ baseUrl: 'https://tenant.example', script: '/vendor/svc-embed.min.js' }).directives['script-src']).toEqual(["'self'"]);
  });

  it.each([
    { option: 'sessionEndpoint', value: 'https://' },
    { option: 'script', value: 'https://cdn example/svc-embed.min.js' },
  ])('refuses a $option that looks absolute but is not a URL, naming it: $value', ({ option, value }) => {
    expect(() => requiredCsp({ baseUrl: 'https://tenant.example', [option]: value })).toThrow(
      expect.objectContaining({ code: 'invalid-option', message: `${option} must be an absolute URL (got ${value})` }),
    );
  });

  it.each(['http://tenant.example', 'tenant.example', ''])('refuses a baseUrl createEmbed would refuse: %j', (baseUrl) => {
    expect(() => requiredCsp({ baseUrl })).toThrow(expect.objectContaining({ code: 'invalid-option' }));
  });
});
