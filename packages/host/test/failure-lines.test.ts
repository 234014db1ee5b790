// Every failure line names its cause and its fix (issue 40): a policy that blocks the session
// endpoint is `csp-blocked` naming `connect-src`, not four `mint-failed` tries; a refusal keeps the
// backend's own words; a dev proxy's bare 502 says the backend is not running; a mint timeout names
// where ids come from; a page that loaded and stays silent is `frame-silent` a few seconds after its
// `load`, with `publicId` among the first hints. Synthetic events, a fake fetch, a fake clock.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EmbedError, EmbedStateChange } from '../src/index.js';
import { FRAME_SILENT_MS } from '../src/mount/iframe-loader.js';
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

/** The endpoint's URL as the page resolves it. */
const ENDPOINT_URL = `${location.origin}${ENDPOINT}`;

/**
 * Fires the page's `securitypolicyviolation`: as the browser does for its own enforced policy
 * (`isTrusted`, which a test DOM lets a test set), or as a page script forges one, or for a
 * report-only policy (`disposition: 'report'`).
 */
function violation(fields: { effectiveDirective: string; blockedURI: string; disposition?: string }, trusted = true) {
  const event = Object.assign(new Event('securitypolicyviolation', { bubbles: true }), { disposition: 'enforce', ...fields });
  if (trusted) Object.defineProperty(event, 'isTrusted', { value: true });
  window.document.dispatchEvent(event);
}

/** An embed on the session endpoint, its state changes recorded (which does not count as reading `ready`). */
function onEndpoint(options: { maxAttempts?: number; mintTimeoutMs?: number } = {}) {
  const t = setup({ sessionEndpoint: ENDPOINT, ...options });
  const changes: EmbedStateChange[] = [];
  t.embed.on('state', (change) => changes.push(change));
  const failure = (): EmbedError | undefined => changes.find((change) => change.state === 'failed')?.error;
  return { ...t, failure };
}

/** A `fetch` the page's policy refuses: the violation (unless `report` is false), then a bare `TypeError`, in the order given. */
function blockedFetch(order: 'violation-first' | 'rejection-first', report: () => void = () => violation({ effectiveDirective: 'connect-src', blockedURI: ENDPOINT_URL })) {
  const fetch = vi.fn(async () => {
    if (order === 'violation-first') report();
    else setTimeout(report, 0);
    throw new TypeError('Failed to fetch');
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

const CONNECT_LINE = `this page's Content-Security-Policy blocked ${ENDPOINT_URL}: add ${location.origin} to connect-src`;

describe('a policy that blocks the session endpoint: csp-blocked, naming connect-src, not retried', () => {
  it.each(['violation-first', 'rejection-first'] as const)('%s: one request, one line naming connect-src and the origin to add', async (order) => {
    const fetch = blockedFetch(order);
    const t = onEndpoint();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(t.embed.state).toBe('failed');
    expect(t.failure()).toMatchObject({ code: 'csp-blocked', message: CONNECT_LINE });
    expect(lines()).toEqual([`[svc-embed] csp-blocked: ${CONNECT_LINE}`]);
    await expect(t.embed.ready).rejects.toMatchObject({ code: 'csp-blocked' });
  });

  it('the blocked URL may be the origin alone, and the directive default-src (an engine without connect-src in its report)', async () => {
    const fetch = blockedFetch('rejection-first', () => violation({ effectiveDirective: 'default-src', blockedURI: location.origin }));
    const t = onEndpoint();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(t.failure()).toMatchObject({ code: 'csp-blocked', message: CONNECT_LINE });
  });

  it.each([
    ['a forged event (isTrusted false)', () => violation({ effectiveDirective: 'connect-src', blockedURI: ENDPOINT_URL }, false)],
    ['a report-only policy (it blocks nothing)', () => violation({ effectiveDirective: 'connect-src', blockedURI: ENDPOINT_URL, disposition: 'report' })],
    ['another URL of the page', () => violation({ effectiveDirective: 'connect-src', blockedURI: `${location.origin}/api/metrics` })],
    ['a look-alike path', () => violation({ effectiveDirective: 'connect-src', blockedURI: `${ENDPOINT_URL}-v2` })],
    ['another directive', () => violation({ effectiveDirective: 'img-src', blockedURI: ENDPOINT_URL })],
  ])('%s is no csp-blocked: the network error is retried and named by the endpoint, not by mintSessionId', async (_what, report) => {
    const fetch = blockedFetch('rejection-first', report);
    const t = onEndpoint();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetch).toHaveBeenCalledTimes(4);
    const message = `POST ${ENDPOINT} failed (TypeError: Failed to fetch): is your backend running?`;
    expect(t.failure()).toMatchObject({ code: 'mint-failed', message });
    expect(lines()).toEqual([`[svc-embed] mint-failed: ${message}`]);
  });

  it('after the first id, a refusal changes nothing', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Response.json({ sessionId: 's1' })));
    const t = onEndpoint();
    await flush();
    violation({ effectiveDirective: 'connect-src', blockedURI: ENDPOINT_URL });
    expect(t.embed.state).toBe('loading');
    t.emit('ready', READY);
    expect(t.embed.state).toBe('ready');
    expect(lines()).toEqual([]);
    // Destroyed while the stub answers: it revokes its id through the endpoint.
    t.embed.destroy();
  });
});

/** The endpoint answering every mint with `response()`. */
function endpointAnswering(response: () => Response) {
  const fetch = vi.fn(async () => response());
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

describe('a dev proxy in front of a stopped backend: named, and retried', () => {
  it.each([502, 503, 504])('a bare %i (no JSON error of the endpoint\'s): backend not running or not reachable through the proxy', async (status) => {
    const fetch = endpointAnswering(() => new Response('Bad Gateway', { status, headers: { 'Content-Type': 'text/plain' } }));
    const t = onEndpoint();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetch).toHaveBeenCalledTimes(4);
    const message = `POST ${ENDPOINT} answered HTTP ${status}: backend not running or not reachable through the proxy`;
    expect(t.failure()).toMatchObject({ code: 'mint-failed', message });
    expect(lines()).toEqual([`[svc-embed] mint-failed: ${message}`]);
  });

  it('the endpoint\'s own 502 (its JSON error) is the backend\'s: its words, no proxy', async () => {
    endpointAnswering(() => Response.json({ error: { code: 'mint-failed', message: 'the service did not answer' } }, { status: 502 }));
    const t = onEndpoint({ maxAttempts: 1 });
    await flush();
    expect(t.failure()).toMatchObject({ code: 'mint-failed', message: `POST ${ENDPOINT} answered HTTP 502 (mint-failed: the service did not answer)` });
  });

  it('a backend\'s long message is cut at 200 characters, on one line', async () => {
    endpointAnswering(() => Response.json({ error: { code: 'no-plan', message: `line one\n${'x'.repeat(500)}` } }, { status: 403 }));
    const t = onEndpoint();
    await flush();
    const quoted = `line one ${'x'.repeat(191)}`;
    expect(t.failure()?.message).toBe(`POST ${ENDPOINT} answered HTTP 403 (no-plan: ${quoted}): your backend refused this viewer`);
  });
});

describe('mint-timeout names where ids come from', () => {
  it('with sessionEndpoint: the endpoint, not mintSessionId', async () => {
    endpointAnswering(() => {
      throw new Error('never called');
    }).mockImplementation(() => new Promise<Response>(() => {}));
    const t = onEndpoint({ maxAttempts: 1, mintTimeoutMs: 250 });
    await vi.advanceTimersByTimeAsync(250);
    const message = `POST ${ENDPOINT} did not answer within 250 ms: check it, or raise mintTimeoutMs`;
    expect(t.failure()).toMatchObject({ code: 'mint-timeout', message });
    expect(lines()).toEqual([`[svc-embed] mint-timeout: ${message}`]);
  });
});

describe('frame-silent a few seconds after the iframe\'s load, not at readyTimeoutMs', () => {
  const silentLine = (surface: string, url = `${TENANT}/embed/dashboard/d-42`) =>
    `[svc-embed] frame-silent: ${url} loaded, but no ready event from ${TENANT} within ${FRAME_SILENT_MS} ms of its load: check ${surface}, baseUrl, and that the tenant allows framing by ${location.origin}`;
  const PUBLIC_ID = 'publicId';
  const loaded = (t: { embed: { iframe: HTMLIFrameElement } }) => t.embed.iframe.dispatchEvent(new Event('load'));

  it(`loaded, then silent for ${FRAME_SILENT_MS} ms: frame-silent, publicId the first hint`, async () => {
    const t = setup();
    await vi.advanceTimersByTimeAsync(1_000);
    loaded(t);
    await vi.advanceTimersByTimeAsync(FRAME_SILENT_MS - 1);
    expect(t.embed.state).toBe('loading');
    expect(lines()).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(t.embed.state).toBe('failed');
    expect(lines()).toEqual([silentLine(PUBLIC_ID)]);
    await expect(t.embed.ready).rejects.toMatchObject({ code: 'frame-silent' });
    // The ready timer ends later: the first cause stays, nothing more is printed.
    await vi.advanceTimersByTimeAsync(60_000);
    expect(lines()).toHaveLength(1);
  });

  it('with src: src is the first hint', async () => {
    const t = setup({ publicId: undefined, src: `${TENANT}/embed/chat` });
    loaded(t);
    await vi.advanceTimersByTimeAsync(FRAME_SILENT_MS);
    expect(lines()).toEqual([silentLine('src', `${TENANT}/embed/chat`)]);
  });

  it('ready within the wait: ready, nothing printed, nothing fails later', async () => {
    const t = setup({ mintSessionId: minter('s1').mint });
    await flush();
    loaded(t);
    await vi.advanceTimersByTimeAsync(FRAME_SILENT_MS - 1);
    t.emit('ready', READY);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(t.embed.state).toBe('ready');
    expect(lines()).toEqual([]);
  });

  it('each load starts the wait again (the iframe navigated before ready)', async () => {
    const t = setup();
    loaded(t);
    await vi.advanceTimersByTimeAsync(FRAME_SILENT_MS - 1_000);
    loaded(t);
    await vi.advanceTimersByTimeAsync(FRAME_SILENT_MS - 1);
    expect(t.embed.state).toBe('loading');
    await vi.advanceTimersByTimeAsync(1);
    expect(t.embed.state).toBe('failed');
  });

  it('a refused id is the embed speaking: no frame-silent while fresh ids go out, ready still comes', async () => {
    const t = setup({ mintSessionId: minter('s1', 'reject', 'reject').mint });
    await flush();
    loaded(t);
    t.emit('error', { message: 'the session id was refused', name: 'EmbedSessionExchangeError', context: 'auth', fatal: true });
    // Two failed mints: 1 s, then 2 s of backoff, past the wait after load.
    await vi.advanceTimersByTimeAsync(FRAME_SILENT_MS + 5_000);
    expect(t.embed.state).not.toBe('failed');
    t.emit('ready', READY);
    expect(t.embed.state).toBe('ready');
    expect(lines()).toEqual([]);
  });

  it('readyTimeoutMs: 0 waits forever, after a load too', async () => {
    const t = setup({ readyTimeoutMs: 0 });
    loaded(t);
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(t.embed.state).toBe('loading');
    expect(lines()).toEqual([]);
  });

  it('a load before the URL is set (the first id still minting) starts no wait', async () => {
    const t = setup({ mintSessionId: minter('hang').mint, mintTimeoutMs: 60_000 });
    await flush();
    loaded(t);
    await vi.advanceTimersByTimeAsync(FRAME_SILENT_MS * 2);
    expect(t.embed.state).toBe('minting');
  });
});
