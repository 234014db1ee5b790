// The endpoint's answers (http/responses.ts): every one no-store and nosniff, JSON ones typed as
// such, an error the contract's status for its code, and the sentences of the 404, 413 and 408.
import { describe, expect, it } from 'vitest';
import { bodyTimeoutResponse, bodyTooLargeResponse, errorResponse, isAnswerCode, jsonResponse, noContentResponse, noRouteResponse } from '../../src/http/responses.js';

const headersOf = (response: Response) => Object.fromEntries(response.headers);

describe('the answers', () => {
  it('gives a JSON answer its status, body, type, no-store and nosniff, and the headers it is given', async () => {
    const response = jsonResponse(200, { sessionId: 'ses_1' }, { 'Retry-After': '3' });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ sessionId: 'ses_1' });
    expect(headersOf(response)).toEqual({
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
      'content-type': 'application/json; charset=utf-8',
      'retry-after': '3',
    });
  });

  it('gives a 204 no body, no-store and nosniff', async () => {
    const response = noContentResponse();
    expect(response.status).toBe(204);
    expect(await response.text()).toBe('');
    expect(headersOf(response)).toEqual({ 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' });
  });

  it("gives an error its code's status, the shape { error: { code, message } } and the headers it is given", async () => {
    const response = errorResponse('method-not-allowed', 'use POST', { Allow: 'POST' });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('POST');
    expect(await response.json()).toEqual({ error: { code: 'method-not-allowed', message: 'use POST' } });
    expect(errorResponse('mint-limit', 'wait').status).toBe(429);
  });

  it.each([
    [noRouteResponse('/p'), 404, 'not-found', 'no such route: the endpoint serves POST /p, DELETE /p/<id> and POST /p/logout'],
    [bodyTooLargeResponse(64), 413, 'body-too-large', "the request's body is over 64 bytes; the endpoint needs none"],
    [bodyTimeoutResponse(300), 408, 'body-timeout', "the request's body did not arrive within 300 ms; the endpoint needs none, so send the request without one"],
  ])('answers %#: %s %s with its sentence', async (response, status, code, message) => {
    expect(response.status).toBe(status);
    expect(await response.json()).toEqual({ error: { code, message } });
  });

  it("tells an answer's code from the others", () => {
    expect(isAnswerCode('not-found')).toBe(true);
    expect(isAnswerCode('invalid-options')).toBe(false);
    expect(isAnswerCode('toString')).toBe(false);
  });
});
