// Failures found by the generated tests, kept as plain cases so they stay fixed whatever the seed.
import { buildEventMessage, checkActionPayload, checkEventPayload, parseActionMessage, parseEventMessage, type EventName, type EventPayload } from '@svc-embed/protocol';
import { createFrame } from '@svc-embed/frame';
import { createEmbed, type EmbedOptions } from '@svc-embed/host';
import { afterEach, describe, expect, it, vi } from 'vitest';

/** A message whose `type` answers `first`, `second`, `first`... on successive reads (time of check vs time of use). */
function flipping(message: Record<string, unknown>, first: string, second: string) {
  let reads = 0;
  return Object.defineProperty({ ...message }, 'type', { enumerable: true, get: () => (reads++ % 2 ? second : first) });
}

describe('protocol parse reads the type once (found by hostile-host, seed 0x5eed4057)', () => {
  it('does not check an ai-query message under the dashboard-loaded schema', () => {
    const data = flipping(
      { source: 'svc-embed', direction: 'event', timestamp: 1, surface: 'dashboard', payload: {} },
      'svc:event:ai-query', 'svc:event:dashboard-loaded',
    );
    const result = parseEventMessage(data);
    // Before the fix: ok, type svc:event:ai-query, payload {} (checked as dashboard-loaded), so the
    // host called its ai-query listener with a payload that has no query and no status.
    if (result.ok) expect(checkEventPayload(result.message.type.slice('svc:event:'.length) as 'ai-query', result.message.payload).ok).toBe(true);
    expect(result).toMatchObject({ ok: false, reason: 'invalid', field: 'payload.query' });
  });

  it('does not let a set-session message through with a refresh payload', () => {
    const data = flipping({ source: 'svc-embed', direction: 'action', timestamp: 1, payload: { sessionId: 's-1' } }, 'svc:action:set-session', 'svc:action:refresh');
    const result = parseActionMessage(data);
    if (result.ok) expect(checkActionPayload(result.message.type.slice('svc:action:'.length) as 'set-session', result.message.payload).ok).toBe(true);
  });

  it('so the frame never exchanges an id that is not a string', async () => {
    const exchange = vi.fn(() => ({ expiresAt: Date.now() + 3_600_000 }));
    const parent = { postMessage: vi.fn() };
    const win = Object.assign(new EventTarget(), { parent, document: Object.assign(new EventTarget(), { referrer: '' }), location: {}, setTimeout: (...args: Parameters<typeof setTimeout>) => globalThis.setTimeout(...args), clearTimeout: (id?: ReturnType<typeof setTimeout>) => globalThis.clearTimeout(id) });
    const frame = createFrame({
      surface: 'dashboard', mode: 'signed', hostOrigins: ['https://customer.example'],
      session: { expiresAt: Date.now() + 3_600_000, exchange }, window: win as unknown as Window,
    });
    const data = flipping({ source: 'svc-embed', direction: 'action', timestamp: 1, payload: { sessionId: 's-1' } }, 'svc:action:set-session', 'svc:action:refresh');
    expect(() => win.dispatchEvent(new MessageEvent('message', { data, origin: 'https://customer.example', source: parent as never }))).not.toThrow();
    await new Promise((resolve) => setImmediate(resolve));
    for (const [id] of exchange.mock.calls as unknown as [unknown][]) expect(typeof id).toBe('string');
    frame.destroy();
  });
});

const TENANT = 'https://tenant.example';
const START = 1_700_000_000_000;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** A signed embed with a fake iframe window; `sessions()` lists the ids sent by set-session. */
function signedEmbed(options: Partial<EmbedOptions> = {}) {
  const posted: any[] = [];
  const frame = { postMessage: (message: unknown) => void posted.push(message) };
  let n = 0;
  const embed = createEmbed({ baseUrl: TENANT, publicId: 'd-1', container: document.createElement('div'), mintSessionId: () => `s${++n}`, ...options });
  embed.ready.catch(() => {});
  Object.defineProperty(embed.iframe, 'contentWindow', { value: frame, configurable: true });
  const emit = <N extends EventName>(name: N, payload: EventPayload<N>, builtAt = Date.now()) =>
    window.dispatchEvent(new MessageEvent('message', { data: buildEventMessage(name, payload, { surface: 'dashboard', now: () => builtAt }), origin: TENANT, source: frame as never }));
  const sessions = () => posted.filter((message) => message.type === 'svc:action:set-session').map((message) => message.payload.sessionId);
  return { embed, emit, sessions };
}

describe('host renewal (found by renewal-model)', () => {
  afterEach(() => void vi.useRealTimers());

  it('renews on session-expired for a session whose renewal was rejected (seed 0x5eed2e4e)', async () => {
    vi.useFakeTimers({ now: START });
    const t = signedEmbed({ maxAttempts: 1 });
    await vi.advanceTimersByTimeAsync(0);
    t.emit('ready', { embedTenant: 'acme', deploymentId: 7, mode: 'signed', surface: 'dashboard' });
    // The first session lapsed at +20 min; its warning arrives long after (a tab asleep all day).
    vi.setSystemTime(START + 22 * HOUR + 40 * MINUTE);
    t.emit('session-expiring', { expiresAt: START + 20 * MINUTE, expiresInMs: 0 });
    await vi.advanceTimersByTimeAsync(0);
    expect(t.sessions()).toEqual(['s2']);
    // The embed rejects s2: the renewal fails (one attempt) and the embed keeps its lapsed session.
    t.emit('error', { message: 'rejected', name: 'EmbedSessionExchangeError', context: 'session-renewal' });
    await vi.advanceTimersByTimeAsync(5 * MINUTE);
    // Before the fix: dropped as "already renewed" (it lapsed before the rejected s2 went out), for ever.
    t.emit('session-expired', { expiredAt: START + 20 * MINUTE });
    await vi.advanceTimersByTimeAsync(MINUTE);
    expect(t.sessions()).toEqual(['s2', 's3']);
    t.embed.destroy();
  });

  it.each([
    ['just before', -1],
    ['in the very millisecond', 0], // the frame could not have had s2 yet
  ])('ignores a late warning about the session a wake-up already renewed, built %s s2 went out (seed 0x5eed2e4e)', async (_, builtDelta) => {
    vi.useFakeTimers({ now: START });
    const t = signedEmbed();
    await vi.advanceTimersByTimeAsync(0);
    t.emit('ready', { embedTenant: 'acme', deploymentId: 7, mode: 'signed', surface: 'dashboard' });
    await vi.advanceTimersByTimeAsync(0);
    // The page sleeps 24 h; on wake-up the host renews by its estimate (23 h) and sends s2.
    vi.setSystemTime(START + 24 * HOUR);
    document.dispatchEvent(new Event('visibilitychange'));
    await vi.advanceTimersByTimeAsync(0);
    expect(t.sessions()).toEqual(['s2']);
    // The embed's own warning about its first session (it lapses at +24 h), built before s2 reached
    // it, arrives now. Before the fix it was taken for news of s2's session: s3 renewed that again.
    t.emit('session-expiring', { expiresAt: START + 24 * HOUR, expiresInMs: 0 }, START + 24 * HOUR + builtDelta);
    await vi.advanceTimersByTimeAsync(MINUTE);
    expect(t.sessions()).toEqual(['s2']);
    t.embed.destroy();
  });

  it('does not renew the first session on a wake-up that came before it was in use (seed 0x5eed2e4e)', async () => {
    vi.useFakeTimers({ now: START });
    let load!: (id: string) => void;
    const mint = vi.fn<() => Promise<string>>().mockImplementationOnce(() => new Promise((resolve) => (load = resolve))).mockResolvedValue('s2');
    const t = signedEmbed({ mintSessionId: mint });
    await vi.advanceTimersByTimeAsync(0);
    // The first mint hangs while the tab sleeps 23 h; the wake-up comes before any session is in use.
    vi.setSystemTime(START + 23 * HOUR);
    window.dispatchEvent(new Event('focus'));
    load('s1');
    await vi.advanceTimersByTimeAsync(0);
    expect(t.embed.iframe.src).toContain('session=s1');
    t.emit('ready', { embedTenant: 'acme', deploymentId: 7, mode: 'signed', surface: 'dashboard' });
    await vi.advanceTimersByTimeAsync(MINUTE);
    // Before the fix: the wake-up's renewal waited for ready, then replaced the brand-new s1 with s2.
    expect(t.sessions()).toEqual([]);
    expect(mint).toHaveBeenCalledTimes(1);
    t.embed.destroy();
  });

  it('renews again when the embed rejects an id after the 10 s verdict window (seed 0x5eed2e4e)', async () => {
    vi.useFakeTimers({ now: START });
    const t = signedEmbed();
    await vi.advanceTimersByTimeAsync(0);
    t.emit('ready', { embedTenant: 'acme', deploymentId: 7, mode: 'signed', surface: 'dashboard' });
    t.emit('session-expiring', { expiresAt: START + 20 * MINUTE, expiresInMs: 20 * MINUTE });
    await vi.advanceTimersByTimeAsync(0);
    expect(t.sessions()).toEqual(['s2']);
    // The frame's exchange of s2 fails after 15 s (its own timeout is 30 s): the host had taken silence for a yes.
    await vi.advanceTimersByTimeAsync(15_000);
    t.emit('error', { message: 'set-session: exchange timed out after 30000 ms', name: 'EmbedSessionExchangeError', context: 'session-renewal' });
    await vi.advanceTimersByTimeAsync(0);
    // Before the fix: dropped, and the session's later session-expired too ("already renewed"): the embed stayed expired.
    expect(t.sessions()).toEqual(['s2', 's3']);
    t.embed.destroy();
  });

  it('a wake-up while a new id awaits its verdict joins the renewal (seed 0x5eed2e4e)', async () => {
    vi.useFakeTimers({ now: START });
    const mint = vi.fn<() => string>().mockReturnValueOnce('s1').mockImplementationOnce(() => { throw new Error('backend down'); }).mockReturnValueOnce('s3').mockReturnValue('s4');
    const t = signedEmbed({ mintSessionId: mint, maxAttempts: 1 });
    await vi.advanceTimersByTimeAsync(0);
    t.emit('ready', { embedTenant: 'acme', deploymentId: 7, mode: 'signed', surface: 'dashboard' });
    await vi.advanceTimersByTimeAsync(0);
    // A wake-up inside the estimated warning window: that renewal fails (the mint throws).
    vi.setSystemTime(START + 22 * HOUR + 31 * MINUTE);
    document.dispatchEvent(new Event('visibilitychange'));
    await vi.advanceTimersByTimeAsync(0);
    // The embed's warning (its 3-minute session lapsed long ago) starts a renewal: s3 goes out.
    t.emit('session-expiring', { expiresAt: START + 3 * MINUTE, expiresInMs: 0 });
    await vi.advanceTimersByTimeAsync(0);
    expect(t.sessions()).toEqual(['s3']);
    // Another wake-up while s3 awaits its verdict. Before the fix it settled that renewal as taken and
    // renewed again by the estimate: s4 replaced s3's session at once.
    document.dispatchEvent(new Event('visibilitychange'));
    await vi.advanceTimersByTimeAsync(MINUTE);
    expect(t.sessions()).toEqual(['s3']);
    t.embed.destroy();
  });
});

describe('frame: session events wait while a set-session id is exchanged (found by renewal-model)', () => {
  afterEach(() => void vi.useRealTimers());

  /** A signed frame whose exchanges the test settles by hand; `types()` lists the events it posted. */
  function exchangingFrame() {
    vi.useFakeTimers({ now: START });
    const posted: any[] = [];
    const parent = { postMessage: (message: unknown) => void posted.push(message) };
    const win = Object.assign(new EventTarget(), { parent, document: Object.assign(new EventTarget(), { referrer: '' }), location: {}, setTimeout: (...args: Parameters<typeof setTimeout>) => globalThis.setTimeout(...args), clearTimeout: (id?: ReturnType<typeof setTimeout>) => globalThis.clearTimeout(id) });
    const settle: { resolve: (value: { expiresAt: number }) => void; reject: (error: Error) => void }[] = [];
    const frame = createFrame({
      surface: 'dashboard', mode: 'signed', hostOrigins: ['https://customer.example'], window: win as unknown as Window,
      session: { expiresAt: START + HOUR, exchange: () => new Promise((resolve, reject) => settle.push({ resolve, reject })) },
    });
    frame.ready({ embedTenant: 'acme', deploymentId: 7 });
    const setSession = (sessionId: string) =>
      win.dispatchEvent(new MessageEvent('message', {
        data: { source: 'svc-embed', direction: 'action', type: 'svc:action:set-session', timestamp: Date.now(), payload: { sessionId } },
        origin: 'https://customer.example', source: parent as never,
      }));
    const types = () => posted.map((message) => message.type.slice('svc:event:'.length));
    return { frame, win, settle, setSession, types };
  }

  it('drops them when the exchange works: they were about the session it replaced', async () => {
    const t = exchangingFrame();
    await vi.advanceTimersByTimeAsync(30 * MINUTE); // warning window
    expect(t.types()).toEqual(['ready', 'session-expiring']);
    t.setSession('s2');
    await vi.advanceTimersByTimeAsync(0); // the exchange starts
    // The tab sleeps past the old expiry while the exchange is in flight; it wakes up.
    vi.setSystemTime(START + 2 * HOUR);
    t.win.dispatchEvent(new Event('focus'));
    // Before the fix: session-expired for the old session went out now, built after the host's
    // set-session, and the host (which cannot tell it from news of the new session) renewed again.
    expect(t.types()).toEqual(['ready', 'session-expiring']);
    t.settle[0]!.resolve({ expiresAt: START + 26 * HOUR });
    await vi.advanceTimersByTimeAsync(0);
    expect(t.types()).toEqual(['ready', 'session-expiring']);
    expect(t.frame.session).toEqual({ state: 'active', expiresAt: START + 26 * HOUR });
    t.frame.destroy();
  });

  it('sends them after the error when the exchange fails', async () => {
    const t = exchangingFrame();
    await vi.advanceTimersByTimeAsync(30 * MINUTE);
    t.setSession('s2');
    await vi.advanceTimersByTimeAsync(0);
    vi.setSystemTime(START + 2 * HOUR);
    t.win.dispatchEvent(new Event('focus'));
    t.settle[0]!.reject(new Error('401'));
    await vi.advanceTimersByTimeAsync(0);
    expect(t.types()).toEqual(['ready', 'session-expiring', 'error', 'session-expired']);
    t.frame.destroy();
  });
});
