// The kit with fake timers, in both runners: vitest's `vi` or jest's `jest` (from @jest/globals in
// jest's ES-module mode), the same test either way.
import { createEmbed } from '@svc-embed/host';
import { attachFakeFrame, cleanup, createFakeSessions } from '@svc-embed/testing';

const timers = globalThis.vi ?? (await import('@jest/globals')).jest;

let embed;
afterEach(() => {
  embed?.destroy();
  cleanup();
  timers.useRealTimers();
});

describe('with fake timers', () => {
  it('a slow mint sets the iframe URL only when its time has come, and a rejected id is retried after the backoff', async () => {
    timers.useFakeTimers();
    const sessions = createFakeSessions();
    sessions.slowNextMint(300);
    const container = document.createElement('div');
    embed = createEmbed({ baseUrl: 'https://tenant.example', publicId: 'd-42', container, mintSessionId: sessions.mintSessionId });
    await timers.advanceTimersByTimeAsync(299);
    expect(embed.iframe.getAttribute('src')).toBeNull();
    await timers.advanceTimersByTimeAsync(1);
    expect(embed.iframe.getAttribute('src')).toContain('session=ses_fake_1');

    const frame = attachFakeFrame(embed);
    frame.ready();
    frame.rejectNextSession();
    const renewal = embed.renewSession();
    await timers.advanceTimersByTimeAsync(15_000);
    await renewal;
    expect(frame.sessionIds).toEqual(['ses_fake_1', 'ses_fake_2', 'ses_fake_3']);
  });
});
