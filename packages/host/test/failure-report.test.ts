// Failures named where developers look (issue 30): when the first load fails and the page never read
// `embed.ready`, one console.error line names the cause and the fix; the same cause is the code of
// the error `ready` rejects with and `state` gives. Causes that trying again cannot change (the
// session endpoint's 401, 403 and 404, the page's policy refusing the frame) are not retried.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EMBED_ERROR_CODES, type EmbedError, type EmbedStateChange } from '../src/index.js';
import { flush, minter, READY, setup, TENANT } from './support/helpers.js';
import { ENDPOINT } from './support/values.js';

let printed: ReturnType<typeof vi.spyOn<Console, 'error'>>;

beforeEach(() => {
  vi.useFakeTimers();
  printed = vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  printed.mockRestore();
});

/** The console lines printed so far. */
const lines = () => printed.mock.calls.map((call) => call.join(' '));

/** The backend answering every mint with `status` (and `body`, JSON), counting the mints. */
function endpointAnswering(status: number, body?: unknown) {
  const fetch = vi.fn(async () => (body === undefined ? new Response(null, { status }) : Response.json(body, { status })));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

/** The `failed` state's change, when there was one. */
function failure(changes: EmbedStateChange[]): EmbedError | undefined {
  return changes.find((change) => change.state === 'failed')?.error;
}

/** An embed on the session endpoint, its state changes recorded (which does not count as reading `ready`). */
function onEndpoint() {
  const t = setup({ sessionEndpoint: ENDPOINT });
  const changes: EmbedStateChange[] = [];
  t.embed.on('state', (change) => changes.push(change));
  return { ...t, changes };
}

describe('the session endpoint refused: named, and not retried', () => {
  it.each([
    [401, undefined, 'endpoint-unauthorized', `POST ${ENDPOINT} answered HTTP 401: the viewer is not signed in to your backend`],
    [403, { error: { code: 'forbidden-origin', message: 'this origin may not call the endpoint' } }, 'endpoint-forbidden-origin', `POST ${ENDPOINT} answered HTTP 403 forbidden-origin: add ${location.origin} to its allowedOrigins`],
    [403, { error: { code: 'no-dashboards', message: 'not for this viewer' } }, 'endpoint-forbidden', `POST ${ENDPOINT} answered HTTP 403 (no-dashboards: not for this viewer): your backend refused this viewer`],
    [403, { error: { message: 'ask an admin for access' } }, 'endpoint-forbidden', `POST ${ENDPOINT} answered HTTP 403 (ask an admin for access): your backend refused this viewer`],
    [403, undefined, 'endpoint-forbidden', `POST ${ENDPOINT} answered HTTP 403: your backend refused this viewer`],
    [404, undefined, 'endpoint-not-found', `POST ${ENDPOINT} answered HTTP 404: check the endpoint path, and that a dev server in front of your backend forwards it`],
  ])('HTTP %i %j: %s, after one request, one line', async (status, body, code, message) => {
    const fetch = endpointAnswering(status, body);
    const t = onEndpoint();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(t.embed.state).toBe('failed');
    expect(failure(t.changes)).toMatchObject({ code, message });
    expect(lines()).toEqual([`[svc-embed] ${code}: ${message}`]);
    await expect(t.embed.ready).rejects.toMatchObject({ code, message });
  });

  it('a 500 or 429 may pass: mint-failed, retried maxAttempts times, still one line, with the backend\'s words', async () => {
    const fetch = endpointAnswering(503, { error: { code: 'store-unavailable', message: 'the store is down' } });
    const t = onEndpoint();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetch).toHaveBeenCalledTimes(4);
    const message = `POST ${ENDPOINT} answered HTTP 503 (store-unavailable: the store is down)`;
    expect(failure(t.changes)).toMatchObject({ code: 'mint-failed', message });
    expect(lines()).toEqual([`[svc-embed] mint-failed: ${message}`]);
  });

  it('a renewal the endpoint refuses with 401 fails at once too (renewal-failed, no retries)', async () => {
    let status = 200;
    const fetch = vi.fn(async () => (status === 200 ? Response.json({ sessionId: `s${fetch.mock.calls.length}` }) : new Response(null, { status })));
    vi.stubGlobal('fetch', fetch);
    const t = onEndpoint();
    const failed = vi.fn();
    t.embed.on('renewal-failed', failed);
    await flush();
    t.emit('ready', READY);
    status = 401;
    t.embed.renewSession().catch(() => undefined);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(failed).toHaveBeenCalledWith(expect.objectContaining({ attempts: 1, error: expect.objectContaining({ code: 'endpoint-unauthorized' }) }));
    // Not the first load: `ready` resolved long ago, the page hears of it through renewal-failed.
    expect(lines()).toEqual([]);
    // Destroyed while the stub answers: it revokes its id through the endpoint.
    t.embed.destroy();
  });
});

describe('when the SDK prints', () => {
  it('the mint function\'s own error, once, after the last of its retries', async () => {
    const mint = vi.fn(() => Promise.reject(new TypeError('Failed to fetch')));
    const t = setup({ mintSessionId: mint });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(mint).toHaveBeenCalledTimes(4);
    expect(t.embed.state).toBe('failed');
    expect(lines()).toEqual(['[svc-embed] mint-failed: mintSessionId failed: TypeError: Failed to fetch']);
  });

  it('nothing when the page read embed.ready (before the failure), whether or not it awaits it', async () => {
    const t = setup({ mintSessionId: minter('reject', 'reject', 'reject', 'reject').mint });
    const ready = t.embed.ready;
    await vi.advanceTimersByTimeAsync(60_000);
    expect(t.embed.state).toBe('failed');
    await expect(ready).rejects.toMatchObject({ code: 'mint-failed' });
    expect(lines()).toEqual([]);
  });

  it('a state listener alone does not silence it (the element and the bindings listen to state themselves)', async () => {
    const t = setup({ mintSessionId: minter('reject').mint, maxAttempts: 1 });
    const states: string[] = [];
    t.embed.on('state', ({ state }) => states.push(state));
    await flush();
    expect(states).toEqual(['failed']);
    expect(lines()).toHaveLength(1);
  });

  it('nothing for a load that works, nor for destroy() while loading', async () => {
    const t = setup({ mintSessionId: minter('s1').mint });
    await flush();
    t.emit('ready', READY);
    const u = setup({ mintSessionId: minter('hang').mint });
    u.embed.destroy();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(t.embed.state).toBe('ready');
    expect(u.embed.state).toBe('destroyed');
    expect(lines()).toEqual([]);
  });

  it('the tenant refused every id (session-rejected): one line, however many ids it refused', async () => {
    const AUTH = { message: 'the session id was refused', name: 'EmbedSessionExchangeError', context: 'auth', fatal: true };
    const t = setup({ mintSessionId: minter().mint, maxAttempts: 3 });
    await flush();
    for (let refused = 0; refused < 4; refused += 1) {
      t.emit('error', AUTH);
      // Past the backoff before the next fresh id (1 s, then 2 s), well within the ready timer's 30 s.
      await vi.advanceTimersByTimeAsync(5_000);
    }
    expect(t.embed.state).toBe('failed');
    expect(lines()).toEqual([`[svc-embed] session-rejected: the embed could not authenticate with 3 fresh session ids: mint ids at baseUrl's tenant with its API key (not another environment's), each used once within 5 minutes`]);
    // The ready timer still runs out later: the first cause is the one kept, and nothing more is printed.
    await vi.advanceTimersByTimeAsync(60_000);
    await expect(t.embed.ready).rejects.toMatchObject({ code: 'session-rejected' });
    expect(lines()).toHaveLength(1);
  });
});

/**
 * Fires the page's `securitypolicyviolation`: as the browser does for its own policy (`isTrusted`,
 * which a test DOM lets a test set), or as a page script forges one (`trusted: false`).
 */
function violation(fields: { effectiveDirective: string; blockedURI: string }, trusted = true) {
  const event = Object.assign(new Event('securitypolicyviolation', { bubbles: true }), fields);
  if (trusted) Object.defineProperty(event, 'isTrusted', { value: true });
  window.document.dispatchEvent(event);
}

describe('the page\'s own policy refused to frame the tenant: csp-blocked at once', () => {
  it.each(['frame-src', 'child-src'])('%s: names the directive and the value to add; no 30 s wait', async (effectiveDirective) => {
    const t = setup({ mintSessionId: minter('s1').mint });
    const changes: EmbedStateChange[] = [];
    t.embed.on('state', (change) => changes.push(change));
    await flush();
    expect(t.embed.state).toBe('loading');
    violation({ effectiveDirective, blockedURI: `${TENANT}/embed/dashboard/d-42?session=s1` });
    const message = `this page's Content-Security-Policy blocked ${TENANT}: add it to ${effectiveDirective}`;
    expect(failure(changes)).toMatchObject({ code: 'csp-blocked', message });
    expect(lines()).toEqual([`[svc-embed] csp-blocked: ${message}`]);
    // Its ready timer ends later: the first cause stays, nothing more is printed.
    await vi.advanceTimersByTimeAsync(60_000);
    await expect(t.embed.ready).rejects.toMatchObject({ code: 'csp-blocked' });
    expect(lines()).toHaveLength(1);
  });

  it('the blocked URL may be the origin alone (engines strip it)', async () => {
    const t = setup({ mintSessionId: minter('s1').mint });
    await flush();
    violation({ effectiveDirective: 'frame-src', blockedURI: TENANT });
    expect(t.embed.state).toBe('failed');
  });

  it.each([
    ['another origin', { effectiveDirective: 'frame-src', blockedURI: 'https://ads.example/frame' }],
    ['a look-alike of the tenant origin', { effectiveDirective: 'frame-src', blockedURI: `${TENANT}.evil.test/embed` }],
    ['another directive', { effectiveDirective: 'img-src', blockedURI: `${TENANT}/logo.png` }],
  ])('%s is the page\'s own business', async (_what, fields) => {
    const t = setup({ mintSessionId: minter('s1').mint });
    await flush();
    violation(fields);
    expect(t.embed.state).toBe('loading');
    t.emit('ready', READY);
    expect(t.embed.state).toBe('ready');
    expect(lines()).toEqual([]);
  });

  it('one a page script dispatched (isTrusted false) is not the browser\'s: no csp-blocked, no line, ready comes', async () => {
    const t = setup({ mintSessionId: minter('s1').mint });
    await flush();
    violation({ effectiveDirective: 'frame-src', blockedURI: `${TENANT}/embed/dashboard/d-42?session=s1` }, false);
    expect(t.embed.state).toBe('loading');
    t.emit('ready', READY);
    await expect(t.embed.ready).resolves.toMatchObject({ mode: 'signed' });
    expect(lines()).toEqual([]);
  });

  it('after ready, a refusal changes nothing', async () => {
    const t = setup();
    t.emit('ready', READY);
    violation({ effectiveDirective: 'frame-src', blockedURI: TENANT });
    expect(t.embed.state).toBe('ready');
  });
});

describe('no ready in time: frame-silent when the page loaded, ready-timeout when it did not', () => {
  it('loaded (the tenant refused to be framed here, or not its embed page): frame-silent', async () => {
    const t = setup({ readyTimeoutMs: 5_000 });
    t.embed.iframe.dispatchEvent(new Event('load'));
    await vi.advanceTimersByTimeAsync(5_000);
    const message = `${TENANT}/embed/dashboard/d-42 loaded, but no ready event from ${TENANT} in 5000 ms: check publicId, baseUrl, and that the tenant allows framing by ${location.origin}`;
    expect(lines()).toEqual([`[svc-embed] frame-silent: ${message}`]);
    await expect(t.embed.ready).rejects.toMatchObject({ code: 'frame-silent', message });
  });

  it('the URL carries no session id into the message', async () => {
    const t = setup({ readyTimeoutMs: 5_000, mintSessionId: minter('s-secret').mint });
    await flush();
    t.embed.iframe.dispatchEvent(new Event('load'));
    await vi.advanceTimersByTimeAsync(5_000);
    expect(lines()).toEqual([expect.stringMatching(/^\[svc-embed\] frame-silent: https:\/\/tenant\.example\/embed\/dashboard\/d-42 loaded/)]);
    expect(lines()[0]).not.toContain('s-secret');
  });

  it('never loaded: ready-timeout', async () => {
    const t = setup({ readyTimeoutMs: 5_000 });
    await vi.advanceTimersByTimeAsync(5_000);
    expect(lines()).toEqual([`[svc-embed] ready-timeout: no ready event from ${TENANT} in 5000 ms: check baseUrl and that the tenant allows framing by ${location.origin}`]);
    expect(t.embed.state).toBe('failed');
  });
});

describe('EMBED_ERROR_CODES', () => {
  it('lists every code, the new ones included', () => {
    expect(Object.values(EMBED_ERROR_CODES)).toEqual(expect.arrayContaining(['frame-silent', 'csp-blocked', 'endpoint-unauthorized', 'endpoint-forbidden-origin', 'endpoint-forbidden', 'endpoint-not-found']));
    expect(new Set(Object.values(EMBED_ERROR_CODES)).size).toBe(Object.values(EMBED_ERROR_CODES).length);
  });
});
