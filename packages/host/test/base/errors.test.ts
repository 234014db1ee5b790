import { describe, expect, it } from 'vitest';
import { EmbedError, README_ROW, said } from '../../src/base/errors.js';

// What a production build's message is (base/dev-mode.ts): a site gives its data instead of its sentence.
describe('a message given as data (production builds)', () => {
  it('is the values, then a link to the README row of the code', () => {
    const error = new EmbedError('csp-blocked', ['https://tenant.example', 'frame-src']);
    expect(error.message).toBe(`https://tenant.example frame-src; see ${README_ROW}csp-blocked`);
    expect(README_ROW).toBe('https://www.npmjs.com/package/@svc-embed/host#');
  });

  it('writes a value that is no string as JSON, and no data as the link alone', () => {
    expect(new EmbedError('invalid-option', ['mintLimit', { ids: 0 }, 3, null]).message).toBe(`mintLimit {"ids":0} 3 null; see ${README_ROW}invalid-option`);
    expect(new EmbedError('destroyed', []).message).toBe(`see ${README_ROW}destroyed`);
  });

  it('a sentence (development) is the message as it is; said() links a console line to any anchor', () => {
    expect(new EmbedError('destroyed', 'this embed was destroyed').message).toBe('this embed was destroyed');
    expect(said('unknown-attribute', ['session-endpont', 'session-endpoint'])).toBe(`session-endpont session-endpoint; see ${README_ROW}unknown-attribute`);
  });
});
