import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createEmbed, type EmbedOptions } from '../../src/index.js';
import { flush, privateUnlessSigned, TENANT } from '../support/helpers.js';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  document.body.innerHTML = '';
});

const make = (options: Partial<EmbedOptions> = {}) =>
  createEmbed({ baseUrl: TENANT, publicId: 'd-42', container: document.createElement('div'), ...privateUnlessSigned(options) } as EmbedOptions);
const query = (embed: { iframe: HTMLIFrameElement }) => Object.fromEntries(new URL(embed.iframe.src).searchParams);

describe('embed URL', () => {
  it('loads the dashboard without a session in private mode', () => {
    const embed = make();
    expect(embed.iframe.src).toBe(`${TENANT}/embed/dashboard/d-42`);
  });

  it('mints the first session id right before setting the URL', async () => {
    const mint = vi.fn(() => Promise.resolve('s-1'));
    const embed = make({ mintSessionId: mint });
    expect(mint).not.toHaveBeenCalled();
    expect(embed.iframe.getAttribute('src')).toBeNull();
    await flush();
    expect(mint).toHaveBeenCalledTimes(1);
    expect(embed.iframe.src).toBe(`${TENANT}/embed/dashboard/d-42?session=s-1`);
  });

  it('adds allowExport=true (that literal) and the time zone when asked', async () => {
    const embed = make({ mintSessionId: () => 'a b&c', allowExport: true, timezone: 'America/Argentina/Buenos_Aires' });
    await flush();
    expect(query(embed)).toEqual({ session: 'a b&c', allowExport: 'true', timezone: 'America/Argentina/Buenos_Aires' });
    expect(embed.iframe.src).toContain('allowExport=true');
  });

  it('leaves allowExport out when false', () => {
    expect(query(make({ allowExport: false }))).toEqual({});
  });

  it('rejects a bare offset as time zone', () => {
    expect(() => make({ timezone: '+05:30' })).toThrow(/timezone must be an IANA name/);
  });

  it('loads a public id of every allowed character under the origin', () => {
    const embed = make({ publicId: 'Sales_2026.v2~draft' });
    expect(embed.iframe.src).toBe(`${TENANT}/embed/dashboard/Sales_2026.v2~draft`);
  });

  // A public id is one path segment: `..` would load `{baseUrl}/embed/`, and with it the single-use id.
  it.each(['..', '.', '', '../x', 'a/b?c', 'd 42', 'd%2e', 'd#1', 'é', 'x'.repeat(129)])('refuses the publicId %j', (publicId) => {
    const container = document.createElement('div');
    expect(() => make({ publicId, container, mintSessionId: () => 's-1' })).toThrow(
      expect.objectContaining({ code: 'invalid-option', message: expect.stringContaining(`publicId must be a dashboard's public id`) }),
    );
    expect(container.children).toHaveLength(0);
  });

  it.each([
    [`${TENANT}/embed/./chat`, `${TENANT}/embed/chat`],
    [`${TENANT}/embed/dashboard/x/../d-42`, `${TENANT}/embed/dashboard/d-42`],
    [`${TENANT}/embed/d/%2e/12/app`, `${TENANT}/embed/d/12/app`],
  ])('normalises the src %s', (src, loaded) => {
    expect(make({ publicId: undefined, src }).iframe.src).toBe(loaded);
  });

  it.each([
    `${TENANT}/embed/../api/v1/embed/session/token`,
    `${TENANT}/embed/%2e%2e/login`,
    `${TENANT}/embed/`,
    `${TENANT}/embed`,
    `${TENANT}/login?next=/embed/chat`,
    `${TENANT}/embed/dashboard/..%2Fd-42`,
    `${TENANT}/embed/dashboard/..%5cd-42`,
  ])('refuses a src that is not an embed path: %s', (src) => {
    expect(() => make({ publicId: undefined, src })).toThrow(
      expect.objectContaining({ code: 'invalid-option', message: expect.stringContaining(`src must be an embed URL under ${TENANT}/embed/`) }),
    );
  });

  it('refuses a src outside the embed path of the origin', () => {
    expect(() => make({ publicId: undefined, src: `${TENANT}/analytics/embed/chat` })).toThrow(/src must be an embed URL under https:\/\/tenant.example\/embed\//);
  });

  it('accepts a full src on the tenant origin, keeping its parameters', async () => {
    const embed = make({ publicId: undefined, src: `${TENANT}/embed/d/12/app?x=1`, mintSessionId: () => 's-9' });
    await flush();
    expect(embed.iframe.src).toBe(`${TENANT}/embed/d/12/app?x=1&session=s-9`);
  });

  it('uses sessionId for the chat surface', async () => {
    const embed = make({ publicId: undefined, src: `${TENANT}/embed/chat`, mintSessionId: () => 's-9' });
    await flush();
    expect(query(embed)).toEqual({ sessionId: 's-9' });
  });

  it('refuses publicId and src together', () => {
    expect(() => make({ src: `${TENANT}/embed/chat` })).toThrow(expect.objectContaining({ code: 'invalid-option', message: 'give publicId or src, not both' }));
  });

  it.each(['https://evil.example/embed/chat', 'https://tenant.example.evil.test/embed/chat', 'http://tenant.example/embed/chat', '/embed/chat'])(
    'rejects a src off the tenant origin: %s',
    (src) => {
      expect(() => make({ publicId: undefined, src })).toThrow(expect.objectContaining({ code: 'invalid-option', message: expect.stringContaining('src') }));
    },
  );
});

describe('iframe', () => {
  it('creates an accessible iframe in a container given by selector, without sandbox', () => {
    // An injected document whose #analytics is detached, so that happy-dom does not try to load the iframe.
    const target = document.createElement('div');
    target.id = 'analytics';
    const doc = { createElement: document.createElement.bind(document), querySelector: (selector: string) => (selector === '#analytics' ? target : null) };
    const embed = make({ container: '#analytics', document: doc as unknown as Document });
    expect(embed.iframe.parentElement?.id).toBe('analytics');
    expect(embed.iframe.title).toBe('Analytics');
    expect(embed.iframe.getAttribute('allow')).toBe('clipboard-write; fullscreen');
    expect(embed.iframe.hasAttribute('sandbox')).toBe(false);
  });

  it('applies attributes over the defaults', () => {
    const embed = make({ attributes: { title: 'Sales', class: 'frame', style: 'height:600px', sandbox: 'allow-scripts allow-same-origin' } });
    expect(embed.iframe.title).toBe('Sales');
    expect(embed.iframe.className).toBe('frame');
    expect(embed.iframe.style.height).toBe('600px');
    expect(embed.iframe.style.border).toBe('');
    expect(embed.iframe.getAttribute('sandbox')).toBe('allow-scripts allow-same-origin');
  });

  it('sets the default look and a given style through the CSSOM, never the style attribute (strict CSP)', () => {
    const setAttribute = vi.spyOn(HTMLIFrameElement.prototype, 'setAttribute');
    try {
      const plain = make({});
      expect(plain.iframe.style.width).toBe('100%');
      expect(plain.iframe.style.height).toBe('100%');
      expect(plain.iframe.style.borderWidth || plain.iframe.style.border).toMatch(/^0/);
      const styled = make({ attributes: { STYLE: 'height:480px' } });
      expect(styled.iframe.style.height).toBe('480px');
      // happy-dom reflects CSSOM changes into the attribute with its own serialization ("height: 480px;");
      // a direct setAttribute from the SDK would pass the raw strings, which a strict CSP blocks.
      const raw = ['border:0;width:100%;height:100%', 'height:480px'];
      expect(setAttribute.mock.calls.filter(([name, value]) => name.toLowerCase() === 'style' && raw.includes(value))).toEqual([]);
    } finally {
      setAttribute.mockRestore();
    }
  });

  it('says when the container is missing', () => {
    expect(() => make({ container: '#nope' })).toThrow(expect.objectContaining({ code: 'invalid-option', message: expect.stringContaining('#nope') }));
    expect(() => make({ container: undefined })).toThrow(/^give container or iframe$/);
  });

  it('wraps an existing iframe, sets its URL and leaves it in place on destroy', () => {
    const parent = document.createElement('section');
    const iframe = document.createElement('iframe');
    iframe.title = 'Mine';
    parent.append(iframe);
    const embed = make({ container: undefined, iframe, attributes: { class: 'x' } });
    expect(embed.iframe).toBe(iframe);
    expect(iframe.src).toBe(`${TENANT}/embed/dashboard/d-42`);
    expect(iframe.title).toBe('Mine');
    expect(iframe.hasAttribute('allow')).toBe(false);
    expect(iframe.className).toBe('x');
    embed.destroy();
    expect(iframe.parentElement).toBe(parent);
  });

  it('removes a wrapped iframe on destroy when asked', () => {
    const parent = document.createElement('section');
    const iframe = document.createElement('iframe');
    parent.append(iframe);
    make({ container: undefined, iframe, removeIframe: true }).destroy();
    expect(parent.children).toHaveLength(0);
  });

  it('keeps the src of a wrapped iframe when no publicId or src is given, if it is on the tenant origin', () => {
    const iframe = document.createElement('iframe');
    iframe.src = `${TENANT}/embed/dashboard/x?session=from-server`;
    const embed = make({ publicId: undefined, container: undefined, iframe });
    expect(embed.iframe.src).toBe(`${TENANT}/embed/dashboard/x?session=from-server`);
    const other = document.createElement('iframe');
    other.src = 'https://evil.example/embed';
    expect(() => make({ publicId: undefined, container: undefined, iframe: other })).toThrow(/iframe.src must be on https:\/\/tenant.example/);
  });

  it('removes the iframe it created on destroy, idempotently', () => {
    const parent = document.createElement('div');
    const embed = make({ container: parent });
    expect(parent.children).toHaveLength(1);
    embed.destroy();
    embed.destroy();
    expect(parent.children).toHaveLength(0);
  });

  it('creates separate iframes on every call (no stacking on re-render after destroy)', () => {
    const parent = document.createElement('div');
    for (let i = 0; i < 3; i++) make({ container: parent }).destroy();
    expect(parent.children).toHaveLength(0);
  });
});
