// The host-side kit attached at any moment after createEmbed (before the first id is minted and the
// iframe has a src), the mode it announces (from the URL, whatever tenantOrigin says), what it says
// when the test forgot frame.ready() or the embed never loads, where its timeout errors point, and
// happy-dom kept quiet about the iframes it fakes (a file that chose its own iframe setting keeps
// it: iframe-setting-on.test.ts, iframe-setting-off.test.ts).
import { describe, expect, it, vi } from 'vitest';
import { attachFakeFrame, cleanup, createFakeHost, createFakeSessions, TestKitError } from '../src/index.js';
import { embedWith, TENANT, type VariedOptions } from './embed-fixture.js';

const THIS_FILE = 'host-kit-timing.test.ts';

/** A signed embed whose first id is still being minted: its iframe has no src yet. */
function signedEmbedBeforeItsSrc(options: VariedOptions = {}) {
  const sessions = createFakeSessions();
  const embed = embedWith({ mintSessionId: sessions.mintSessionId, revokeSessionId: sessions.revokeSessionId, ...options });
  expect(embed.iframe.getAttribute('src')).toBeNull();
  return { embed, sessions };
}

/** The first stack line below the error's message. */
const firstFrame = (error: unknown) => String((error as Error).stack).split('\n')[1] ?? '';

/** `file:line:` of the line above the caller's, as a stack line names it. */
function lineAbove(): string {
  const caller = String(new Error().stack).split('\n')[2] ?? '';
  const [, line = '0'] = /:(\d+):\d+\)?$/.exec(caller) ?? [];
  return `${THIS_FILE}:${Number(line) - 1}:`;
}

describe('attachFakeFrame at any moment after createEmbed', () => {
  it('attached before the src: ready() is sent when the embed sets it, signed, with the URL id first', async () => {
    const { embed } = signedEmbedBeforeItsSrc();
    const frame = attachFakeFrame(embed);
    frame.ready();
    embed.setColorScheme('dark');
    await expect(embed.ready).resolves.toMatchObject({ mode: 'signed', surface: 'dashboard' });
    expect((await frame.waitForAction('set-color-scheme')).payload).toEqual({ scheme: 'dark' });
    expect(frame.sessionIds).toEqual(['ses_fake_1']);
  });

  it('attached to the bare iframe before the src: events keep their order, and a wrong payload throws at once', async () => {
    const { embed } = signedEmbedBeforeItsSrc();
    const frame = attachFakeFrame(embed.iframe);
    const downloads = vi.fn();
    embed.on('download', downloads);
    // @ts-expect-error 'docx' is no download format
    expect(() => frame.emit('download', { format: 'docx', target: 'dashboard' })).toThrow(/payload\.format/);
    frame.ready();
    frame.emit('download', { format: 'csv', target: 'dashboard', rowCount: 3 });
    await embed.ready;
    expect(downloads).toHaveBeenCalledWith({ format: 'csv', target: 'dashboard', rowCount: 3 }, expect.anything());
  });

  it('tenantOrigin sets the origin only: a signed URL still makes ready() announce signed', async () => {
    const { embed } = signedEmbedBeforeItsSrc();
    const frame = attachFakeFrame(embed.iframe, { tenantOrigin: TENANT });
    frame.ready();
    await expect(embed.ready).resolves.toMatchObject({ mode: 'signed' });
  });

  it('a private URL announces private; another mode is announced only when the test says so', async () => {
    const privateEmbed = embedWith();
    attachFakeFrame(privateEmbed).ready();
    await expect(privateEmbed.ready).resolves.toMatchObject({ mode: 'private' });
    const { embed } = signedEmbedBeforeItsSrc();
    attachFakeFrame(embed).ready({ mode: 'private' });
    await expect(embed.ready).resolves.toMatchObject({ mode: 'private' });
  });

  it('with fake timers: a slow mint, the frame attached first, ready sent once the time has come', async () => {
    vi.useFakeTimers();
    const sessions = createFakeSessions();
    sessions.slowNextMint(300);
    const embed = embedWith({ mintSessionId: sessions.mintSessionId });
    const frame = attachFakeFrame(embed, { timeoutMs: 1_000 });
    frame.ready();
    await vi.advanceTimersByTimeAsync(300);
    await expect(embed.ready).resolves.toMatchObject({ mode: 'signed' });
    expect(frame.sessionIds).toEqual(['ses_fake_1']);
  });

  it('an embed that never sets the src: what the test asked for fails the next wait, at the line that asked', async () => {
    const sessions = createFakeSessions();
    sessions.hangNextMint();
    const embed = embedWith({ mintSessionId: sessions.mintSessionId, mintTimeoutMs: 60_000 });
    embed.ready.catch(() => {});
    const frame = attachFakeFrame(embed.iframe, { timeoutMs: 50 });
    frame.ready();
    const readyLine = lineAbove();
    const error = await frame.waitForAction('set-color-scheme').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(TestKitError);
    expect(error).toMatchObject({ code: 'timeout' });
    expect((error as Error).message).toBe('the embed set no src on its iframe within 50 ms, so the fake frame could not send ready: a surface sends nothing before its page loads; check that createEmbed has publicId or src, and that mintSessionId resolves');
    expect(firstFrame(error)).toContain(readyLine);
    expect(() => frame.assertNoHostBugs()).toThrow(/set no src/);
  });
});

describe('a test that forgot frame.ready()', () => {
  it('a wait for an action says so', async () => {
    const embed = embedWith();
    const frame = attachFakeFrame(embed);
    embed.setColorScheme('dark');
    await expect(frame.waitForAction('set-color-scheme', { timeoutMs: 50 })).rejects.toThrow(
      'the action set-color-scheme from the host did not come within 50 ms: the fake frame never sent ready: call frame.ready() (the host holds its actions until the surface is ready)',
    );
  });

  it('awaiting embed.ready says so within the kit timeout, on real time even when the test fakes timers', async () => {
    const embed = embedWith();
    vi.useFakeTimers();
    attachFakeFrame(embed, { timeoutMs: 50 });
    const error = await embed.ready.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(TestKitError);
    expect((error as Error).message).toBe('embed.ready did not settle within 50 ms: the fake frame never sent ready: call frame.ready()');
    expect(firstFrame(error)).toContain(THIS_FILE);
  });

  it("the host's own ready timeout is left to the host, and cleanup gives the embed its own ready back", async () => {
    vi.useFakeTimers();
    const embed = embedWith({ readyTimeoutMs: 1_000 });
    const own = embed.ready;
    own.catch(() => {});
    attachFakeFrame(embed);
    expect(embed.ready).not.toBe(own);
    const settled = embed.ready.catch((caught: unknown) => caught);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(await settled).toMatchObject({ code: 'ready-timeout' });
    cleanup();
    expect(embed.ready).toBe(own);
  });

  it('a frame made ready in time is not reported, even after the kit timeout', async () => {
    const embed = embedWith();
    const frame = attachFakeFrame(embed, { timeoutMs: 20 });
    frame.ready();
    await new Promise((resolve) => setTimeout(resolve, 40));
    await expect(embed.ready).resolves.toMatchObject({ mode: 'private' });
  });
});

describe('where a timeout points', () => {
  it("waitForAction's timeout error has the test's line first, not the kit's timer", async () => {
    const frame = attachFakeFrame(embedWith());
    frame.ready();
    const error = await frame.waitForAction('refresh', { timeoutMs: 20 }).catch((caught: unknown) => caught);
    expect(firstFrame(error)).toContain(THIS_FILE);
    expect(String((error as Error).stack)).not.toMatch(/waiters|fake-frame/);
  });

  it("the fake host's waitForEvent too", async () => {
    const host = createFakeHost({ hostOrigin: 'https://customer.example' });
    const error = await host.waitForEvent('ready', { timeoutMs: 20 }).catch((caught: unknown) => caught);
    expect((error as Error).message).toBe('the event ready from the surface did not come within 20 ms');
    expect(firstFrame(error)).toContain(THIS_FILE);
  });
});

describe('happy-dom kept quiet', () => {
  it('iframes take their URL without loading a page, so happy-dom prints no "Iframe page loading is disabled"', async () => {
    const settings = (globalThis as unknown as { happyDOM: { settings: { enableIframePageLoading: boolean; navigation: { disableChildFrameNavigation: boolean } } } }).happyDOM.settings;
    expect(settings.enableIframePageLoading).toBe(true);
    expect(settings.navigation.disableChildFrameNavigation).toBe(true);
    const written = vi.spyOn(process.stderr, 'write');
    const container = document.createElement('div');
    document.body.append(container);
    const embed = embedWith({ container });
    attachFakeFrame(embed).ready();
    await embed.ready;
    expect(written.mock.calls.map(([chunk]) => String(chunk)).join('')).not.toContain('Iframe page loading is disabled');
    container.remove();
  });
});
