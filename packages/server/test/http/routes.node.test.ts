// The route a path names (http/routes.ts) and the checks made from a request's head alone
// (http/request-checks.ts), as tables: what is outside the endpoint, what is a route, what is
// refused before the body with which answer.
import { describe, expect, it } from 'vitest';
import { checkHead, pathnameOf, type HeadCheckOptions } from '../../src/http/request-checks.js';
import { matchRoute } from '../../src/http/routes.js';

const PATH = '/api/embed-session';

describe('matchRoute', () => {
  it.each([
    ['the path itself', PATH, { kind: 'mint' }],
    ['the path with a trailing slash', `${PATH}/`, { kind: 'mint' }],
    ['logout', `${PATH}/logout`, { kind: 'logout' }],
    ['an id', `${PATH}/ses_1`, { kind: 'revoke', sessionId: 'ses_1' }],
    ['a percent-encoded id, decoded', `${PATH}/ses%201%2Fa`, { kind: 'revoke', sessionId: 'ses 1/a' }],
    ['an id of 512 characters', `${PATH}/${'x'.repeat(512)}`, { kind: 'revoke', sessionId: 'x'.repeat(512) }],
    ['an id of 512 characters, each percent-encoded (1,536 in the path)', `${PATH}/${'%41'.repeat(512)}`, { kind: 'revoke', sessionId: 'A'.repeat(512) }],
    ['an id of 513 characters', `${PATH}/${'x'.repeat(513)}`, { kind: 'unknown' }],
    ['a path of 1,537 characters below the route, unread', `${PATH}/${'%41'.repeat(512)}x`, { kind: 'unknown' }],
    ['a path of over 1,536 characters below the route, unread, even one that would decode to fewer than 512', `${PATH}/${'%E2%82%AC'.repeat(200)}`, { kind: 'unknown' }],
    ['a path below an id', `${PATH}/ses_1/more`, { kind: 'unknown' }],
    ['a path below logout', `${PATH}/logout/now`, { kind: 'unknown' }],
    ['a malformed escape', `${PATH}/%E0%A4%A`, { kind: 'unknown' }],
    ['a look-alike prefix', `${PATH}s`, { kind: 'outside' }],
    ['another path', '/elsewhere', { kind: 'outside' }],
    ['the root', '/', { kind: 'outside' }],
  ] as const)('reads %s', (_, pathname, route) => {
    expect(matchRoute(pathname, PATH)).toEqual(route);
  });
});

describe('checkHead', () => {
  const options: HeadCheckOptions = { path: PATH, allowedOrigins: new Set(['https://app.example']), requestsWithoutOrigin: 'allow', limits: { bodyBytes: 64 } };
  const head = (method: string, rawPath: string, headers: Record<string, string> = { origin: 'https://app.example' }) => ({
    method,
    rawPath,
    pathname: pathnameOf(rawPath),
    header: (name: string) => headers[name] ?? null,
  });
  const answerOf = async (verdict: ReturnType<typeof checkHead>) => {
    if (verdict.kind !== 'refused') return verdict;
    return { status: verdict.response.status, allow: verdict.response.headers.get('allow'), body: await verdict.response.json() };
  };

  it.each([
    ['a dot segment', `${PATH}/./logout`],
    ['a dot-dot segment', `/x/..${PATH}/logout`],
    ['a percent-encoded dot-dot segment', `/x/%2e%2E${PATH}/logout`],
    ['a percent-encoded dot segment', `${PATH}/%2E/logout`],
    ['a backslash', `${PATH}\\logout`],
  ])('refuses a raw path with %s 404, naming the routes', async (_, rawPath) => {
    const answer = await answerOf(checkHead(head('POST', rawPath), options));
    expect(answer).toEqual({
      status: 404,
      allow: null,
      body: { error: { code: 'not-found', message: `paths with dot segments or backslashes are not served; ask for ${PATH}, ${PATH}/<id> or ${PATH}/logout itself` } },
    });
  });

  it.each([
    ['dots inside a segment', `${PATH}/ses.1.2`, { kind: 'revoke', sessionId: 'ses.1.2' }],
    ['three dots', `${PATH}/...`, { kind: 'revoke', sessionId: '...' }],
    ['a percent-encoded id with no dot', `${PATH}/ses%201`, { kind: 'revoke', sessionId: 'ses 1' }],
  ] as const)('serves a raw path with %s', async (_, rawPath, route) => {
    const method = route.kind === 'revoke' ? 'DELETE' : 'POST';
    expect(checkHead(head(method, rawPath), options)).toEqual({ kind: 'served', route });
  });

  it('names the routes in a 404 below the path, and leaves a path outside it to others', async () => {
    expect(await answerOf(checkHead(head('POST', `${PATH}/a/b`), options))).toEqual({
      status: 404,
      allow: null,
      body: { error: { code: 'not-found', message: `no such route: the endpoint serves POST ${PATH}, DELETE ${PATH}/<id> and POST ${PATH}/logout` } },
    });
    expect(checkHead(head('POST', '/elsewhere'), options)).toEqual({ kind: 'outside' });
  });

  it('answers a method the route does not serve 405 with Allow and what to use', async () => {
    expect(await answerOf(checkHead(head('GET', `${PATH}/ses_1`), options))).toEqual({
      status: 405,
      allow: 'DELETE',
      body: { error: { code: 'method-not-allowed', message: 'GET is not served here; use DELETE' } },
    });
  });

  it("answers 403 with the origin check's sentence", async () => {
    expect(await answerOf(checkHead(head('POST', PATH, { origin: 'https://evil.example' }), options))).toEqual({
      status: 403,
      allow: null,
      body: { error: { code: 'forbidden-origin', message: "this origin may not call the endpoint: add the page's origin to allowedOrigins if it should" } },
    });
  });

  it('answers a declared Content-Length over limits.bodyBytes 413, and serves one of exactly limits.bodyBytes', async () => {
    expect(await answerOf(checkHead(head('POST', PATH, { origin: 'https://app.example', 'content-length': '65' }), options))).toEqual({
      status: 413,
      allow: null,
      body: { error: { code: 'body-too-large', message: "the request's body is over 64 bytes; the endpoint needs none" } },
    });
    expect(checkHead(head('POST', PATH, { origin: 'https://app.example', 'content-length': '64' }), options)).toEqual({ kind: 'served', route: { kind: 'mint' } });
  });
});

describe('pathnameOf', () => {
  it.each([
    ['an origin-form target', '/a/b', '/a/b'],
    ['a target that starts with two slashes: a path, never a host', '//evil.example/a', '//evil.example/a'],
    ['an absolute-form target', 'http://app.example/a/b', '/a/b'],
    ['dot segments, resolved', '/a/../b', '/b'],
  ])('reads %s', (_, rawPath, pathname) => {
    expect(pathnameOf(rawPath)).toBe(pathname);
  });
});
