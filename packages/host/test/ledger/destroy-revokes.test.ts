// A destroy() that removes the iframe revokes the embed's own ids: no one is served by them any more
// (an unmounted component, a removed element). A wrapped iframe left running keeps its session;
// logout() still revokes every id of the viewer.
import { describe, expect, it, vi } from 'vitest';
import { createEmbed, createSessionLedger, type EmbedOptions } from '../../src/index.js';
import { flush, READY, setup, TENANT, useFakeClock } from '../support/helpers.js';

useFakeClock();

/** Two signed embeds of one viewer, ready, with ids `<key>1`, `<key>2` … and every revocation recorded. */
async function twoEmbeds() {
  const ledger = createSessionLedger();
  const revoked: string[] = [];
  const log: unknown[][] = [];
  const make = (key: string) => {
    let n = 0;
    return setup({ ledger, publicId: key, mintSessionId: () => `${key}${++n}`, revokeSessionId: (id) => void revoked.push(id), debug: (...line) => void log.push(line) });
  };
  const a = make('a');
  const b = make('b');
  await flush();
  a.emit('ready', READY);
  b.emit('ready', READY);
  return { ledger, revoked, log, a, b };
}

describe('destroy() revokes the embed\'s own ids', () => {
  it('the first id, renewals and ids given to setSession; not the ids of the viewer\'s other embeds', async () => {
    const { ledger, revoked, log, a } = await twoEmbeds();
    const renewal = a.embed.renewSession();
    a.embed.setSession('mine');
    await vi.advanceTimersByTimeAsync(10_000);
    await renewal;
    a.embed.destroy();
    await flush();
    expect(revoked.sort()).toEqual(['a1', 'a2', 'mine']);
    expect(log.filter((line) => line[0] === 'revoke').sort()).toEqual([['revoke', 'destroyed', 'a1'], ['revoke', 'destroyed', 'a2'], ['revoke', 'destroyed', 'mine']]);
    // Logout then revokes the rest and lists every id of the viewer.
    const result = await ledger.logout();
    expect(revoked.sort()).toEqual(['a1', 'a2', 'b1', 'mine']);
    expect(result.revoked.sort()).toEqual(['a1', 'a2', 'b1', 'mine']);
  });

  it('an id still being minted when the embed is destroyed is revoked when it arrives', async () => {
    let resolve: (id: string) => void = () => {};
    const revoked: string[] = [];
    const t = setup({ mintSessionId: () => new Promise<string>((settle) => (resolve = settle)), revokeSessionId: (id) => void revoked.push(id) });
    await flush();
    t.embed.destroy();
    resolve('late');
    await flush();
    expect(revoked).toEqual(['late']);
  });

  it('a wrapped iframe left in the page keeps its session; with removeIframe it does not', async () => {
    for (const removeIframe of [false, true]) {
      const revoked: string[] = [];
      const iframe = document.createElement('iframe');
      document.createElement('div').append(iframe);
      const embed = createEmbed({ baseUrl: TENANT, publicId: 'd-42', iframe, removeIframe, mintSessionId: () => 'w1', revokeSessionId: (id) => void revoked.push(id) } as EmbedOptions);
      await flush();
      embed.destroy();
      await flush();
      expect({ removeIframe, revoked, inPage: iframe.parentElement !== null }).toEqual({ removeIframe, revoked: removeIframe ? ['w1'] : [], inPage: !removeIframe });
    }
  });

  it('without revokeSessionId nothing is revoked and nothing fails', async () => {
    const t = setup({ mintSessionId: () => 's1' });
    await flush();
    expect(() => t.embed.destroy()).not.toThrow();
    await flush();
  });
});
