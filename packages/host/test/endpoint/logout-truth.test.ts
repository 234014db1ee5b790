// The truth of a logout (issue 29): what `ledger.logout()` resolves with says what was revoked, what
// failed, what still waits and whether the sign-out reached the backend; a failed or unreachable
// endpoint is never an empty success, is tried again within a bound, and a later call retries what
// failed. A mint the endpoint refuses because the viewer signed out is final for its embed.
import { describe, expect, it, vi } from 'vitest';
import { logoutResult, type EndpointSignOut, type OwnRevocations } from '../../src/ledger/logout-result.js';
import { createSessionLedger, EmbedError } from '../../src/index.js';
import { ENDPOINT, fakeEndpoint, storeDown, tab, twoTabs } from '../support/endpoint-fakes.js';
import { flush, setup, useFakeClock } from '../support/helpers.js';

useFakeClock();
// The tabs and the fetch stub go after each test (support/endpoint-fakes.ts).

const logoutCalls = (calls: string[]) => calls.filter((call) => call === `POST ${ENDPOINT}/logout`).length;

describe('a sign-out the backend does not do', () => {
  it.each([
    ['answers 503 (its store is down)', storeDown, 'HTTP 503'],
    ['cannot be reached (a network error)', () => Promise.reject(new TypeError('Failed to fetch')), 'Failed to fetch'],
    ['never answers', () => new Promise<Response>(() => {}), 'no answer in 10000 ms'],
  ])('one that %s is reported as failed after 3 attempts (1 s, then 2 s apart), and the next call revokes every id', async (_name, answer, reason) => {
    const { server, a } = await twoTabs();
    server.logoutScript.push(answer, answer, answer);
    const first = a.ledger.logout();
    // The viewer asked to sign out: this tab's embed ends at once, whatever the backend says.
    expect(a.container.children).toHaveLength(0);
    await flush();
    expect(logoutCalls(server.calls)).toBe(1);
    await vi.advanceTimersByTimeAsync(40_000);
    expect(logoutCalls(server.calls)).toBe(3);
    const failed = await first;
    // Never an empty success: the other tab's id is still live, and the result says the sign-out failed.
    expect(server.live).toEqual(new Set(['ses-2']));
    expect(failed).toMatchObject({ backend: 'failed', complete: false, revoked: ['ses-1'], failed: [], pending: [] });
    expect(failed.error).toBeInstanceOf(EmbedError);
    expect(failed.error).toMatchObject({ code: 'revoke-failed', message: expect.stringContaining(reason) });
    expect(failed.error?.message).toContain('call logout() again');

    // No cached failure: the next call signs out through the endpoint again, which now revokes the rest.
    const second = await a.ledger.logout();
    expect(logoutCalls(server.calls)).toBe(4);
    expect(second).toEqual({ revoked: ['ses-2'], failed: [], pending: [], unconfirmed: [], backend: 'complete', complete: true });
    expect(server.live).toEqual(new Set());
    // A complete logout is not run again.
    expect(await a.ledger.logout()).toBe(second);
    expect(logoutCalls(server.calls)).toBe(4);
  });

  it('an answer other than 408 or 5xx (404: no logout route; a 429 is rate-limited, see logout-reasons.test.ts) is final at once; the tab still revokes its own ids', async () => {
    const { server, a } = await twoTabs();
    server.logoutScript.push(() => new Response(null, { status: 404 }));
    const result = await a.ledger.logout();
    expect(logoutCalls(server.calls)).toBe(1);
    expect(server.calls).toContain(`DELETE ${ENDPOINT}/ses-1`);
    expect(result).toMatchObject({ backend: 'failed', complete: false, revoked: ['ses-1'], error: { code: 'revoke-failed', message: expect.stringContaining('HTTP 404') } });
  });

  it('an answer with ids still pending at the backend is reported as pending, and the next call asks again', async () => {
    const { server, a } = await twoTabs();
    const sentence = 'the service did not revoke this session id; it stays in the ledger as pending';
    server.logoutScript.push(() => Response.json({ revoked: ['ses-1'], failed: [{ sessionId: 'ses-2', error: sentence }], pending: ['ses-2'], complete: false }));
    const result = await a.ledger.logout();
    expect(result).toMatchObject({ revoked: ['ses-1'], pending: ['ses-2'], backend: 'pending', complete: false });
    expect(result.failed).toEqual([{ sessionId: 'ses-2', error: expect.objectContaining({ code: 'revoke-failed', message: expect.stringContaining(sentence) }) }]);
    expect(await a.ledger.logout()).toMatchObject({ backend: 'complete', complete: true });
    expect(logoutCalls(server.calls)).toBe(2);
  });

  it('an answer that is no logout answer is not a success', async () => {
    const { server, a } = await twoTabs();
    server.logoutScript.push(...Array.from({ length: 3 }, () => () => Response.json({ ok: true })));
    const result = a.ledger.logout();
    await vi.advanceTimersByTimeAsync(3_000);
    expect(await result).toMatchObject({ backend: 'failed', complete: false, error: { message: expect.stringContaining('no logout answer') } });
  });

  it('a call while one runs joins it', async () => {
    const { server, a } = await twoTabs();
    server.logoutScript.push(() => new Promise<Response>(() => {}));
    const first = a.ledger.logout();
    expect(a.embed.logout()).toBe(first);
    await flush();
    expect(logoutCalls(server.calls)).toBe(1);
    expect(() => a.embed.refresh()).toThrow(expect.objectContaining({ code: 'destroyed' }));
  });
});

describe('an id given with setSession to an embed on an endpoint', () => {
  it.each([
    ['404 unknown-session (the endpoint\'s ledger does not hold it): unconfirmed, never revoked, the logout not complete', () => Response.json({ error: { code: 'unknown-session' } }, { status: 404 }), { revoked: ['ses-1'], pending: [], unconfirmed: [{ sessionId: 'given', reason: 'not-in-ledger' }], complete: false, reason: 'not-in-ledger' }],
    ['a 404 without that code (no such route): failed, never revoked', () => new Response(null, { status: 404 }), { revoked: ['ses-1'], pending: ['given'], complete: false }],
  ])('is revoked with DELETE after the sign-out; %s', async (_name, answer, expected) => {
    const server = fakeEndpoint();
    vi.stubGlobal('fetch', vi.fn(async (url: string, init: RequestInit) => (url.endsWith('/given') ? answer() : server.fetch(url, init))));
    const { ledger, embed } = tab();
    await flush();
    embed.setSession('given');
    expect(await ledger.logout()).toMatchObject({ ...expected, backend: 'complete' });
  });
});

describe('another viewer signed in without a page load (the viewer tag changed)', () => {
  it('between the mint and logout(): the first viewer\'s id is reported unconfirmed, never complete', async () => {
    const server = fakeEndpoint();
    vi.stubGlobal('fetch', server.fetch);
    const { ledger } = tab();
    await vi.waitFor(() => expect(server.live).toEqual(new Set(['ses-1'])));
    server.viewer.tag = 'viewer-b';
    const result = await ledger.logout();
    expect(result).toMatchObject({ revoked: [], unconfirmed: [{ sessionId: 'ses-1', reason: 'viewer-changed' }], backend: 'complete', complete: false, reason: 'viewer-changed' });
    expect(server.live).toEqual(new Set(['ses-1']));
  });

  it('between two mints: the new viewer\'s id is revoked, the previous viewer\'s reported', async () => {
    const server = fakeEndpoint();
    vi.stubGlobal('fetch', server.fetch);
    const { ledger, embed } = tab();
    await vi.waitFor(() => expect(server.live).toEqual(new Set(['ses-1'])));
    server.viewer.tag = 'viewer-b';
    // A second embed of the ledger mints for the viewer the endpoint serves now.
    tab({ ledger });
    await vi.waitFor(() => expect(server.live).toEqual(new Set(['ses-1', 'ses-2'])));
    expect(embed.state).not.toBe('destroyed');
    const result = await ledger.logout();
    expect(result).toMatchObject({ revoked: ['ses-2'], unconfirmed: [{ sessionId: 'ses-1', reason: 'viewer-changed' }], complete: false, reason: 'viewer-changed' });
  });

  it('switched back before logout(): the endpoint serves that viewer again and revokes the id', async () => {
    const server = fakeEndpoint();
    vi.stubGlobal('fetch', server.fetch);
    const { ledger } = tab();
    await vi.waitFor(() => expect(server.live).toEqual(new Set(['ses-1'])));
    server.viewer.tag = 'viewer-b';
    server.viewer.tag = 'viewer-a';
    expect(await ledger.logout()).toMatchObject({ revoked: ['ses-1'], unconfirmed: [], complete: true });
  });
});

describe("the page's own revocations", () => {
  it('an id whose revocation failed is tried again by the next call, and only then is the logout complete', async () => {
    const revoke = vi.fn().mockRejectedValueOnce(new Error('backend down')).mockResolvedValue(undefined);
    const t = setup({ mintSessionId: () => 's1', revokeSessionId: revoke });
    await flush();
    const first = await t.embed.logout();
    expect(first).toEqual({ revoked: [], failed: [{ sessionId: 's1', error: new Error('backend down') }], pending: ['s1'], unconfirmed: [], backend: 'none', complete: false, reason: 'pending', message: expect.any(String) });
    const second = await t.embed.logout();
    expect(second).toEqual({ revoked: ['s1'], failed: [], pending: [], unconfirmed: [], backend: 'none', complete: true });
    expect(revoke.mock.calls).toEqual([['s1'], ['s1']]);
  });

  it('a ledger with nothing recorded logs out complete, with no endpoint', async () => {
    expect(await createSessionLedger().logout()).toEqual({ revoked: [], failed: [], pending: [], unconfirmed: [], backend: 'none', complete: true });
  });
});

describe('a mint the endpoint refuses because the viewer signed out (409 signed-out)', () => {
  it('is final for the embed: no retry, ready rejects with signed-out saying what to do', async () => {
    const fetch = vi.fn(async () => Response.json({ error: { code: 'signed-out', message: 'the viewer signed out while this id was minted' } }, { status: 409 }));
    vi.stubGlobal('fetch', fetch);
    const { embed } = tab();
    embed.ready.catch(() => {});
    await vi.advanceTimersByTimeAsync(60_000);
    await expect(embed.ready).rejects.toMatchObject({ code: 'signed-out', message: expect.stringContaining('sign in again') });
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(embed.state).toBe('failed');
  });
});

describe('logoutResult', () => {
  const boom = new EmbedError('revoke-failed', 'boom');
  const endpoint = (backend: EndpointSignOut['backend'], lists: Partial<EndpointSignOut> = {}): EndpointSignOut => ({ endpoint: '/e', backend, revoked: [], failed: [], pending: [], ...lists });
  const own = (lists: Partial<OwnRevocations> = {}): OwnRevocations => ({ revoked: [], failed: [], unconfirmed: [], ...lists });
  it.each([
    ['nothing, no endpoint', [], own(), { revoked: [], failed: [], pending: [], unconfirmed: [], backend: 'none', complete: true }],
    ['an id revoked by the page after the endpoint failed it', [endpoint('pending', { failed: [{ sessionId: 'x', error: boom }], pending: ['x'] })], own({ revoked: ['x'] }), { revoked: ['x'], failed: [], pending: [], unconfirmed: [], backend: 'pending', complete: false, reason: 'pending' }],
    ['an id revoked by both, listed once', [endpoint('complete', { revoked: ['x'] })], own({ revoked: ['x'] }), { revoked: ['x'], failed: [], pending: [], unconfirmed: [], backend: 'complete', complete: true }],
    ['a page id failed while the endpoint completed', [endpoint('complete', { revoked: ['x'] })], own({ failed: [{ sessionId: 'y', error: boom }] }), { revoked: ['x'], failed: [{ sessionId: 'y', error: boom }], pending: ['y'], unconfirmed: [], backend: 'complete', complete: false, reason: 'pending' }],
    ['the worst of two endpoints, and the first error', [endpoint('complete'), endpoint('failed', { error: boom }), endpoint('pending')], own(), { revoked: [], failed: [], pending: [], unconfirmed: [], backend: 'failed', error: boom, complete: false, reason: 'endpoint-failed' }],
    ['one complete and one pending endpoint', [endpoint('complete'), endpoint('pending')], own(), { revoked: [], failed: [], pending: [], unconfirmed: [], backend: 'pending', complete: false, reason: 'pending' }],
    ['an id unconfirmed while the endpoint completed: not complete', [endpoint('complete')], own({ unconfirmed: [{ sessionId: 'z', reason: 'not-in-ledger' }] }), { revoked: [], failed: [], pending: [], unconfirmed: [{ sessionId: 'z', reason: 'not-in-ledger' }], backend: 'complete', complete: false, reason: 'not-in-ledger' }],
    ['a viewer change outranks an id not in the ledger', [endpoint('complete')], own({ unconfirmed: [{ sessionId: 'z', reason: 'not-in-ledger' }, { sessionId: 'w', reason: 'viewer-changed' }] }), expect.objectContaining({ complete: false, reason: 'viewer-changed' })],
  ])('%s', (_name, endpoints, revocations, expected) => {
    // Every incomplete result has a sentence for the viewer (logout-reasons.test.ts checks each).
    const { message, ...result } = logoutResult(endpoints, revocations);
    expect(result).toEqual(expected);
    expect(typeof message).toBe(result.complete ? 'undefined' : 'string');
  });
});
