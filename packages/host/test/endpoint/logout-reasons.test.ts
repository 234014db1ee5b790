// The server's reasons reach the page (issue 39, item 5): a logout answer's `reason` and
// `ledgerSince`, and a sign-out refused 429 with `Retry-After`, are in the `LogoutResult` as a stable
// `reason` code plus a `message` the app can show; the most serious reason is the one given.
import { LOGOUT_REASONS } from '@svc-embed/protocol/session-endpoint';
import { describe, expect, it, vi } from 'vitest';
import { EmbedError } from '../../src/index.js';
import { logoutResult, type EndpointSignOut } from '../../src/ledger/logout-result.js';
import { ENDPOINT, twoTabs } from '../support/endpoint-fakes.js';
import { useFakeClock } from '../support/helpers.js';

useFakeClock();
// The tabs and the fetch stub go after each test (support/endpoint-fakes.ts).

const logoutCalls = (calls: string[]) => calls.filter((call) => call === `POST ${ENDPOINT}/logout`).length;
const SINCE = '2026-11-27T13:02:00.000Z';

describe("the endpoint's reasons in the LogoutResult", () => {
  it('ledger-incomplete: not complete though every id is revoked, with ledgerSince and a sentence naming the time', async () => {
    const { server, a } = await twoTabs();
    server.logoutScript.push(() =>
      Response.json({ revoked: ['ses-1', 'ses-2'], failed: [], pending: [], complete: false, reason: LOGOUT_REASONS.ledgerIncomplete, ledgerSince: SINCE }),
    );
    const result = await a.ledger.logout();
    expect(result).toMatchObject({ revoked: ['ses-1', 'ses-2'], pending: [], unconfirmed: [], complete: false, reason: 'ledger-incomplete', ledgerSince: SINCE });
    expect(result.message).toBe(`Sign-out is not complete: the session store started at ${new Date(SINCE).toLocaleString()}; sessions opened before may still be open.`);
    // Not complete, so the next call asks the endpoint again.
    await a.ledger.logout();
    expect(logoutCalls(server.calls)).toBe(2);
  });

  it('a reason beside complete: true is not complete (the answer contradicts itself; the reason wins)', async () => {
    const { server, a } = await twoTabs();
    server.logoutScript.push(() => Response.json({ revoked: ['ses-1', 'ses-2'], failed: [], pending: [], complete: true, reason: 'ledger-incomplete', ledgerSince: SINCE }));
    expect(await a.ledger.logout()).toMatchObject({ complete: false, reason: 'ledger-incomplete' });
  });

  it('sign-out-in-progress: the ids another sign-out holds are pending, and the reason says why (not plain pending)', async () => {
    const { server, a } = await twoTabs();
    server.logoutScript.push(() => Response.json({ revoked: [], failed: [], pending: ['ses-1', 'ses-2'], complete: false, reason: LOGOUT_REASONS.signOutInProgress }));
    const result = await a.ledger.logout();
    expect(result).toMatchObject({ revoked: [], pending: ['ses-1', 'ses-2'], backend: 'pending', complete: false, reason: 'sign-out-in-progress' });
    expect(result.message).toBe('Sign-out is not complete: another sign-out is ending the sessions.');
  });

  it.each([
    ['seconds', () => '30', 30_000],
    ['an HTTP date', () => new Date(Date.now() + 90_000).toUTCString(), 90_000],
  ])('rate-limited: a 429 (Retry-After in %s) is final at once, not retried in a loop, and says when to try again', async (_form, retryAfter, ms) => {
    const { server, a } = await twoTabs();
    const header = retryAfter();
    const refused = () => Response.json({ error: { code: 'revocation-limit', message: 'too many sign-outs' } }, { status: 429, headers: { 'Retry-After': header } });
    server.logoutScript.push(refused, refused, refused);
    const first = a.ledger.logout();
    await vi.advanceTimersByTimeAsync(40_000);
    const result = await first;
    expect(logoutCalls(server.calls)).toBe(1);
    expect(result).toMatchObject({ backend: 'failed', complete: false, reason: 'rate-limited' });
    expect(result.error).toBeInstanceOf(EmbedError);
    // An HTTP date has whole seconds: the wait is within a second of it.
    expect(result.retryAfterMs).toBeGreaterThan(ms - 1_000);
    expect(result.retryAfterMs).toBeLessThanOrEqual(ms);
    expect(result.message).toBe(`Sign-out is not complete: too many sign-outs; try again in ${ms / 1000} s.`);
    // The page's own ids were still revoked one by one.
    expect(result.revoked).toEqual(['ses-1']);
  });

  it('rate-limited without Retry-After: try again later', async () => {
    const { server, a } = await twoTabs();
    server.logoutScript.push(() => new Response(null, { status: 429 }));
    const result = await a.ledger.logout();
    expect(result).toMatchObject({ reason: 'rate-limited', message: 'Sign-out is not complete: too many sign-outs; try again later.' });
    expect(result).not.toHaveProperty('retryAfterMs');
  });

  it('endpoint-failed, not-in-ledger and pending carry a sentence too', async () => {
    const down = logoutResult([signOut({ backend: 'failed', error: new EmbedError('revoke-failed', 'HTTP 503') })], noOwn);
    expect(down).toMatchObject({ reason: 'endpoint-failed', message: 'Sign-out is not complete: the server did not answer; try again.' });
    const lost = logoutResult([signOut({})], { ...noOwn, unconfirmed: [{ sessionId: 'ses_ssr', reason: 'not-in-ledger' }] });
    expect(lost.message).toBe('Sign-out is not complete: sessions of this page unknown to the server stay open until they expire.');
    expect(logoutResult([signOut({ backend: 'pending', pending: ['ses-1'] })], noOwn).message).toBe('Sign-out is not complete: some sessions are still being ended.');
    expect(logoutResult([signOut({})], noOwn)).not.toHaveProperty('message');
  });
});

const noOwn = { revoked: [], failed: [], unconfirmed: [] };
const signOut = (part: Partial<EndpointSignOut>): EndpointSignOut => ({ endpoint: ENDPOINT, revoked: [], failed: [], pending: [], backend: 'complete', ...part });
const incomplete = signOut({ backend: 'pending', reason: 'ledger-incomplete', ledgerSince: SINCE });

describe('several endpoints: the most serious reason is given, the details of the others kept', () => {
  it.each<[string, EndpointSignOut[], object, string]>([
    ['a failed endpoint over a new store', [incomplete, signOut({ backend: 'failed' })], {}, 'endpoint-failed'],
    ['a 429 over a new store', [incomplete, signOut({ backend: 'failed', reason: 'rate-limited', retryAfterMs: 5_000 })], {}, 'rate-limited'],
    ['an id the endpoint does not hold over a new store', [incomplete], { unconfirmed: [{ sessionId: 'x', reason: 'not-in-ledger' }] }, 'not-in-ledger'],
    ['a new store over another sign-out', [incomplete, signOut({ backend: 'pending', pending: ['a'], reason: 'sign-out-in-progress' })], {}, 'ledger-incomplete'],
    ['another sign-out over plain pending', [signOut({ backend: 'pending', pending: ['b'] }), signOut({ backend: 'pending', pending: ['a'], reason: 'sign-out-in-progress' })], {}, 'sign-out-in-progress'],
  ])('%s', (_name, endpoints, own, reason) => {
    const result = logoutResult(endpoints, { ...noOwn, ...own });
    expect(result).toMatchObject({ complete: false, reason });
    // The new store's time is kept whichever reason is given.
    expect(result.ledgerSince).toBe(endpoints.includes(incomplete) ? SINCE : undefined);
    expect(result.message).toEqual(expect.any(String));
  });

  it('the latest ledgerSince and the longest Retry-After are given', () => {
    const later = '2026-11-27T14:00:00.000Z';
    const result = logoutResult(
      [incomplete, signOut({ backend: 'pending', reason: 'ledger-incomplete', ledgerSince: later }), signOut({ backend: 'failed', reason: 'rate-limited', retryAfterMs: 2_000 }), signOut({ backend: 'failed', reason: 'rate-limited', retryAfterMs: 9_000 })],
      noOwn,
    );
    expect(result).toMatchObject({ reason: 'rate-limited', ledgerSince: later, retryAfterMs: 9_000, message: 'Sign-out is not complete: too many sign-outs; try again in 9 s.' });
  });

  it('a reason this version does not know (a newer backend) is passed on, not complete, with a general sentence', () => {
    const result = logoutResult([signOut({ backend: 'pending', reason: 'store-migrating' as EndpointSignOut['reason'] })], noOwn);
    expect(result).toMatchObject({ complete: false, reason: 'store-migrating', message: 'Sign-out is not complete: store-migrating; try again.' });
  });
});
