// The endpoint's CSRF guard (http/origin-check.ts) as a table: from Origin and Sec-Fetch-Site alone,
// whether a request may go on, and the sentence that says what to do when it may not.
import { describe, expect, it } from 'vitest';
import { checkOrigin } from '../../src/http/origin-check.js';

const ALLOWED = 'https://app.example';
const CROSS_SITE = 'cross-site requests are refused: call the endpoint from a page of your own site listed in allowedOrigins';
const NO_ORIGIN = 'requests without an Origin header are refused: call the endpoint with fetch from a page listed in allowedOrigins';
const NOT_LISTED = "this origin may not call the endpoint: add the page's origin to allowedOrigins if it should";

const check = (headers: Record<string, string>, requestsWithoutOrigin: 'allow' | 'refuse' = 'allow') =>
  checkOrigin((name) => headers[name] ?? null, { allowedOrigins: new Set([ALLOWED]), requestsWithoutOrigin });

describe('checkOrigin', () => {
  it.each([
    ['a listed origin', { origin: ALLOWED }, 'allow', null],
    ['a listed origin, same-origin', { origin: ALLOWED, 'sec-fetch-site': 'same-origin' }, 'allow', null],
    ['a listed origin, same-site', { origin: ALLOWED, 'sec-fetch-site': 'same-site' }, 'allow', null],
    ['a listed origin, cross-site', { origin: ALLOWED, 'sec-fetch-site': 'cross-site' }, 'allow', CROSS_SITE],
    ['a listed origin, Cross-Site in capitals', { origin: ALLOWED, 'sec-fetch-site': 'Cross-Site' }, 'allow', CROSS_SITE],
    ['an origin not listed', { origin: 'https://evil.example' }, 'allow', NOT_LISTED],
    ['the opaque origin null', { origin: 'null' }, 'allow', NOT_LISTED],
    ['neither header, allowed', {}, 'allow', null],
    ['neither header, refused', {}, 'refuse', NO_ORIGIN],
    ['Sec-Fetch-Site without Origin', { 'sec-fetch-site': 'same-origin' }, 'allow', NO_ORIGIN],
    ['Sec-Fetch-Site none without Origin', { 'sec-fetch-site': 'none' }, 'allow', NO_ORIGIN],
  ] as const)('%s', (_, headers, requestsWithoutOrigin, message) => {
    expect(check(headers, requestsWithoutOrigin)).toEqual(message === null ? null : { message });
  });
});
