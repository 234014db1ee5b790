// The mint first: the first id's request goes out before the iframe is put in the page (in Chromium
// that append commits a blank page synchronously, tens of ms the mint would wait for), and the
// iframe is in its container right after; a lazy or private embed's iframe is in place at once.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createEmbed, whenVisible, type EmbedOptions } from '../../src/index.js';
import { fakeEndpoint, ENDPOINT, tabWindow } from '../support/endpoint-fakes.js';
import { flush, TENANT, useFakeClock } from '../support/helpers.js';

useFakeClock();

const embeds: { destroy(): void }[] = [];
afterEach(() => {
  embeds.splice(0).forEach((embed) => embed.destroy());
  vi.unstubAllGlobals();
});

const make = (options: Partial<EmbedOptions>) => {
  const container = document.createElement('div');
  const embed = createEmbed({ baseUrl: TENANT, publicId: 'd-42', container, ...options } as EmbedOptions);
  embeds.push(embed);
  return { embed, container };
};

describe('the mint first', () => {
  it('calls mintSessionId before the iframe is appended to its container, then appends it', async () => {
    const order: string[] = [];
    const container = document.createElement('div');
    const append = vi.spyOn(container, 'append').mockImplementation(function (this: HTMLElement, ...nodes) {
      order.push('append');
      return HTMLElement.prototype.append.apply(this, nodes);
    });
    const embed = createEmbed({ baseUrl: TENANT, publicId: 'd-42', container, mintSessionId: () => {
      order.push('mint');
      return Promise.resolve('s-1');
    } } as EmbedOptions);
    embeds.push(embed);
    await flush();
    expect(order).toEqual(['mint', 'append']);
    expect(append).toHaveBeenCalledTimes(1);
    expect(embed.iframe.parentNode).toBe(container);
    expect(embed.iframe.src).toBe(`${TENANT}/embed/dashboard/d-42?session=s-1`);
  });

  it("sends the session endpoint's POST while the container is still empty", async () => {
    const server = fakeEndpoint();
    const seen: number[] = [];
    const container = document.createElement('div');
    const fetch = vi.fn((url: string, init: RequestInit) => {
      seen.push(container.children.length);
      return server.fetch(url, init);
    });
    const embed = createEmbed({ baseUrl: TENANT, publicId: 'd-42', container, sessionEndpoint: ENDPOINT, window: Object.assign(tabWindow(), { fetch }) } as EmbedOptions);
    embeds.push(embed);
    expect(fetch).not.toHaveBeenCalled();
    await flush();
    expect(fetch).toHaveBeenCalledWith(ENDPOINT, expect.objectContaining({ method: 'POST' }));
    expect(seen[0]).toBe(0);
    expect(container.contains(embed.iframe)).toBe(true);
  });

  it('an embed destroyed in the task that made it is never put in the page', async () => {
    const { embed, container } = make({ mintSessionId: () => 's-1' });
    embed.destroy();
    await flush();
    expect(container.children).toHaveLength(0);
  });

  it("a private embed's iframe is in its container at once, with its URL", () => {
    const { embed, container } = make({ mode: 'private' });
    expect(embed.iframe.parentNode).toBe(container);
    expect(embed.iframe.src).toBe(`${TENANT}/embed/dashboard/d-42`);
  });

  it("a lazy embed's iframe is in its container at once, and nothing is minted before it starts", async () => {
    const mint = vi.fn(() => 's-1');
    const { embed, container } = make({ mintSessionId: mint, lazy: whenVisible() });
    expect(embed.iframe.parentNode).toBe(container);
    await flush();
    expect(mint).not.toHaveBeenCalled();
  });
});
