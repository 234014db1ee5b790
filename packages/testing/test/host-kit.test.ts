// The host-side kit against the real createEmbed: a fake frame that readies, emits, warns and
// expires sessions, rejects ids and refuses the first one; fake sessions; and hosts with bugs that
// the kit reports by name.
import { describe, expect, it, vi } from 'vitest';
import { attachFakeFrame, createFakeSessions, type FakeFrame } from '../src/index.js';
import { embedWith, TENANT } from './embed-fixture.js';


describe('attachFakeFrame', () => {
  it('plays the surface: ready resolves embed.ready, queued actions arrive typed, events reach listeners', async () => {
    const embed = embedWith();
    const frame = attachFakeFrame(embed);
    embed.setColorScheme('dark');
    embed.setFilter('orders', 'status', 'completed');
    frame.ready();
    await expect(embed.ready).resolves.toMatchObject({ mode: 'private', surface: 'dashboard' });
    expect((await frame.waitForAction('set-color-scheme')).payload).toEqual({ scheme: 'dark' });
    expect(frame.actions.map((action) => action.name)).toEqual(['set-color-scheme', 'set-filter']);
    const downloads = vi.fn();
    embed.on('download', downloads);
    frame.emit('download', { format: 'csv', target: 'dashboard', rowCount: 12 });
    expect(downloads).toHaveBeenCalledWith({ format: 'csv', target: 'dashboard', rowCount: 12 }, expect.anything());
  });

  it('emit validates the payload with the shared schemas and names the field', () => {
    const frame = attachFakeFrame(embedWith());
    // @ts-expect-error 'docx' is no download format
    expect(() => frame.emit('download', { format: 'docx', target: 'widget' })).toThrow(/payload\.format/);
  });

  it('renewal: warnSessionExpiring makes the host mint and send set-session; sessionIds lists every id', async () => {
    const sessions = createFakeSessions();
    const embed = embedWith({ mintSessionId: sessions.mintSessionId, revokeSessionId: sessions.revokeSessionId });
    await vi.waitFor(() => expect(embed.iframe.src).toContain('session='));
    const frame = attachFakeFrame(embed);
    frame.ready();
    frame.warnSessionExpiring();
    const action = await frame.waitForAction('set-session');
    expect(action.payload.sessionId).toBe('ses_fake_2');
    expect(frame.sessionIds).toEqual(['ses_fake_1', 'ses_fake_2']);
    await embed.logout();
    expect([...sessions.revoked].sort()).toEqual(['ses_fake_1', 'ses_fake_2']);
  });

  it('rejectNextSession answers the next set-session with the service error, and the host retries with a fresh id', async () => {
    vi.useFakeTimers();
    const sessions = createFakeSessions();
    const embed = embedWith({ mintSessionId: sessions.mintSessionId });
    await vi.advanceTimersByTimeAsync(0);
    const frame = attachFakeFrame(embed);
    const errors = vi.fn();
    embed.on('error', errors);
    frame.ready();
    frame.rejectNextSession();
    const renewal = embed.renewSession();
    await vi.advanceTimersByTimeAsync(15_000);
    await renewal;
    expect(errors).toHaveBeenCalledTimes(1);
    expect(errors).toHaveBeenCalledWith({ message: 'the session id was not accepted', name: 'EmbedSessionExchangeError', context: 'session-renewal', fatal: false }, expect.anything());
    expect(frame.sessionIds).toEqual(['ses_fake_1', 'ses_fake_2', 'ses_fake_3']);
  });

  it('failAuth is the refused first id: the host sends a fresh one at once, and ready waits for it', async () => {
    const sessions = createFakeSessions();
    const embed = embedWith({ mintSessionId: sessions.mintSessionId });
    await vi.waitFor(() => expect(embed.iframe.src).toContain('session='));
    const frame = attachFakeFrame(embed);
    frame.failAuth();
    expect((await frame.waitForAction('set-session')).payload.sessionId).toBe('ses_fake_2');
    frame.ready();
    await expect(embed.ready).resolves.toMatchObject({ mode: 'signed' });
  });

  it('fake sessions fail, hang or answer late on request', async () => {
    vi.useFakeTimers();
    const sessions = createFakeSessions();
    sessions.failNextMint();
    const failed = embedWith({ mintSessionId: sessions.mintSessionId, maxAttempts: 1 });
    failed.ready.catch(() => {});
    await vi.advanceTimersByTimeAsync(0);
    await expect(failed.ready).rejects.toMatchObject({ code: 'mint-failed' });
    sessions.hangNextMint();
    const hung = embedWith({ mintSessionId: sessions.mintSessionId, maxAttempts: 1, mintTimeoutMs: 500 });
    hung.ready.catch(() => {});
    await vi.advanceTimersByTimeAsync(600);
    await expect(hung.ready).rejects.toMatchObject({ code: 'mint-timeout' });
    sessions.slowNextMint(300);
    const slow = embedWith({ mintSessionId: sessions.mintSessionId });
    await vi.advanceTimersByTimeAsync(299);
    expect(slow.iframe.src).toBe('');
    await vi.advanceTimersByTimeAsync(1);
    expect(slow.iframe.src).toContain('session=ses_fake_1');
  });
});

describe('a host with a bug fails the test, saying what the bug is', () => {
  it("an action posted to '*'", async () => {
    const embed = embedWith();
    const frame: FakeFrame = attachFakeFrame(embed);
    // What a broken host does: post to any origin.
    embed.iframe.contentWindow!.postMessage({ source: 'svc-embed', direction: 'action', type: 'svc:action:refresh', timestamp: Date.now() }, '*');
    await expect(frame.waitForAction('refresh')).rejects.toThrow("the host posted an action to '*': it must post to the tenant origin https://tenant.example only");
    expect(() => frame.ready()).toThrow(/posted an action to '\*'/);
  });

  it("a baseUrl that is not the tenant's: the surface's ready is dropped, and embed.ready names the origin it waited on and says to check baseUrl", async () => {
    vi.useFakeTimers();
    const embed = embedWith({ baseUrl: 'https://tenant.example.evil.test', readyTimeoutMs: 1_000 });
    const frame = attachFakeFrame(embed, { tenantOrigin: TENANT });
    frame.ready();
    const settled = embed.ready.catch((caught: unknown) => caught);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(await settled).toMatchObject({
      code: 'ready-timeout',
      message: expect.stringMatching(/^no ready event from https:\/\/tenant\.example\.evil\.test in 1000 ms: check baseUrl/),
    });
  });

  it('a wrong tenant origin in what the host posts is named', async () => {
    const embed = embedWith();
    const frame = attachFakeFrame(embed);
    embed.iframe.contentWindow!.postMessage({ source: 'svc-embed', direction: 'action', type: 'svc:action:refresh', timestamp: Date.now() }, 'https://elsewhere.example');
    await expect(frame.waitForAction('refresh')).rejects.toThrow('the host posted to https://elsewhere.example, not the tenant origin https://tenant.example');
  });

  it('a missing set-session after the session warning', async () => {
    const embed = embedWith(); // private: nothing mints, so nothing renews
    const frame = attachFakeFrame(embed);
    frame.ready();
    frame.warnSessionExpiring();
    await expect(frame.waitForAction('set-session', { timeoutMs: 50 })).rejects.toMatchObject({ code: 'timeout', message: 'the action set-session from the host did not come within 50 ms' });
  });
});
