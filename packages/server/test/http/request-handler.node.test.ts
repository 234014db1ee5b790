// The Fetch handler's own answers (http/request-handler.ts): what viewer() may give and what each
// failure of it is answered and reported as; anything unexpected a 500 internal, reported; and
// endpoint.mintForPage's failures (null, reported only when they are not the endpoint's own).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSessionEndpoint, type Viewer } from '../../src/index.js';
import { browserRequest, fakeService, json, makeEndpoint, ORIGIN, PATH } from '../support/endpoint-fixture.js';

const mintAs = (viewer: () => unknown) => {
  const made = makeEndpoint({ viewer: viewer as () => Viewer | null });
  return { ...made, answer: made.endpoint.fetch(browserRequest('POST', PATH, { viewer: 'ada' })) };
};

describe('viewer() and what the handler makes of it', () => {
  it.each([
    ['null', () => null],
    ['undefined', () => undefined],
  ])('answers 401 unauthenticated when it gives %s, and reports nothing', async (_, viewer) => {
    const { answer, errors, service } = mintAs(viewer);
    const response = await answer;
    expect(response.status).toBe(401);
    expect((await json(response)).error).toEqual({ code: 'unauthenticated', message: 'no signed-in viewer: sign in, then ask again' });
    expect(errors).toEqual([]);
    expect(service.mintCalls).toBe(0);
  });

  it('reports what viewer() threw as viewer-failed, and answers 500 with the endpoint\'s sentence', async () => {
    const thrown = new Error('the session cookie could not be read');
    const { answer, errors } = mintAs(() => {
      throw thrown;
    });
    const response = await answer;
    expect(response.status).toBe(500);
    expect((await json(response)).error).toEqual({ code: 'viewer-failed', message: 'identifying the viewer failed; see the server log' });
    expect(errors).toEqual([{ error: thrown, code: 'viewer-failed' }]);
  });

  it('reports a viewer without a string id as a TypeError that says what viewer() must give', async () => {
    const { answer, errors } = mintAs(() => ({ id: 42 }));
    expect((await json(await answer)).error).toEqual({ code: 'viewer-failed', message: 'identifying the viewer failed; see the server log' });
    expect(errors).toHaveLength(1);
    expect(errors[0]?.code).toBe('viewer-failed');
    expect(errors[0]?.error).toBeInstanceOf(TypeError);
    expect(String(errors[0]?.error)).toBe('TypeError: viewer() must resolve to null or an object with a string id; it gave an object whose id is a number');
  });

  it.each([
    ['a viewer named by another key', () => ({ viewerId: 'ada', name: 'Ada' }), 'an object without id (its keys: viewerId, name)'],
    ['an object with six keys', () => ({ a: 1, b: 2, c: 3, d: 4, e: 5, f: 6 }), 'an object without id (its keys: a, b, c, d, e, ...)'],
    ['an object with five keys', () => ({ a: 1, b: 2, c: 3, d: 4, e: 5 }), 'an object without id (its keys: a, b, c, d, e)'],
    ['an empty object', () => ({}), 'an object without keys'],
    ['an id of null', () => ({ id: null }), 'an object whose id is null'],
    ['an id left undefined', () => ({ id: undefined }), 'an object whose id is undefined'],
    ['the id alone', () => 'ada', 'a string'],
    ['a number', () => 7, 'a number'],
  ])('says what viewer() gave instead: %s (its keys, never their values)', async (_, viewer, gave) => {
    const { answer, errors } = mintAs(viewer);
    expect((await answer).status).toBe(500);
    expect(String(errors[0]?.error)).toBe(`TypeError: viewer() must resolve to null or an object with a string id; it gave ${gave}`);
    expect(String(errors[0]?.error)).not.toContain('Ada');
  });

  it('reports a malformed id escaped and cut at 64 code units, with "..." only when it was cut', async () => {
    const long = makeEndpoint({ viewer: () => ({ id: `${'a'.repeat(64)}\n${'b'.repeat(300)}` }) });
    await long.endpoint.fetch(browserRequest('POST', PATH, { viewer: 'ada' }));
    expect(String(long.errors[0]?.error)).toBe(`TypeError: viewer() gave the id "${'a'.repeat(64)}"..., which cannot key a ledger: it is 365 UTF-16 code units long, over the limit of 256`);
    const exactly = makeEndpoint({ viewer: () => ({ id: `${'a'.repeat(63)}\n` }) });
    await exactly.endpoint.fetch(browserRequest('POST', PATH, { viewer: 'ada' }));
    expect(String(exactly.errors[0]?.error)).toMatch(new RegExp(`^TypeError: viewer\\(\\) gave the id "a{63}\\\\n", which`));
    const short = makeEndpoint({ viewer: () => ({ id: 'ada\n' }) });
    const response = await short.endpoint.fetch(browserRequest('POST', PATH, { viewer: 'ada' }));
    expect(String(short.errors[0]?.error)).toMatch(/^TypeError: viewer\(\) gave the id "ada\\n", which cannot key a ledger: /);
    expect(short.errors[0]?.code).toBe('invalid-viewer-id');
    expect((await json(response)).error.message).toMatch(/^the viewer's id cannot key a ledger \(.+\): a viewer id must be 1 to 256 UTF-16 code units of well-formed text without control characters; nothing was recorded$/);
  });

  it('answers anything unexpected 500 internal, with its own sentence, and reports it', async () => {
    const broken = new Error('a getter of the app failed');
    const { answer, errors } = mintAs(() => ({
      get id(): string {
        throw broken;
      },
    }));
    const response = await answer;
    expect(response.status).toBe(500);
    expect((await json(response)).error).toEqual({ code: 'internal', message: 'the session endpoint failed; see the server log' });
    expect(errors).toEqual([{ error: broken, code: 'internal' }]);
  });

  it("answers an unexpected error 500 internal even when it carries an answer's code: only the endpoint's own errors are answered with their words", async () => {
    const foreign = Object.assign(new Error('row 17 of shard eu-3 is locked'), { code: 'mint-failed' });
    const { answer, errors } = mintAs(() => ({
      get id(): string {
        throw foreign;
      },
    }));
    const response = await answer;
    expect(response.status).toBe(500);
    expect((await json(response)).error).toEqual({ code: 'internal', message: 'the session endpoint failed; see the server log' });
    expect(errors).toEqual([{ error: foreign, code: 'internal' }]);
  });
});

describe('the server log when no onError is given', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  const endpointWith = (extra: { onError?: null | (() => void) }) => {
    const service = fakeService();
    return createSessionEndpoint({
      path: PATH,
      allowedOrigins: [ORIGIN],
      viewer: () => ({ viewerId: 'ada' }) as unknown as Viewer,
      mint: (viewer) => service.mint(viewer),
      revoke: (sessionId) => service.revoke(sessionId),
      ...extra,
    });
  };

  it.each([
    ['left out', {}],
    ['null', { onError: null }],
  ])('writes each failure to console.error, as "see the server log" promises (onError %s)', async (_, extra) => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const response = await endpointWith(extra).fetch(browserRequest('POST', PATH, { viewer: 'ada' }));
    expect((await json(response)).error).toEqual({ code: 'viewer-failed', message: 'identifying the viewer failed; see the server log' });
    expect(log).toHaveBeenCalledTimes(1);
    const [prefix, report, error] = log.mock.calls[0] ?? [];
    expect(prefix).toBe('svc-embed session endpoint:');
    expect(report).toEqual({ code: 'viewer-failed' });
    expect(String(error)).toBe('TypeError: viewer() must resolve to null or an object with a string id; it gave an object without id (its keys: viewerId)');
  });

  it('writes nothing there when onError is given, and a hook of () => {} keeps failures out of the log', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const response = await endpointWith({ onError: () => {} }).fetch(browserRequest('POST', PATH, { viewer: 'ada' }));
    expect(response.status).toBe(500);
    expect(log).not.toHaveBeenCalled();
  });

  it('keeps answering when console.error itself throws', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {
      throw new Error('stderr closed');
    });
    const response = await endpointWith({}).fetch(browserRequest('POST', PATH, { viewer: 'ada' }));
    expect((await json(response)).error.code).toBe('viewer-failed');
  });
});

describe('endpoint.mintForPage and its failures', () => {
  const page = () => new Request('https://app.example/reports', { headers: { 'x-viewer': 'ada' } });

  it('is null when viewer() throws, reported once as viewer-failed (not again as internal)', async () => {
    const thrown = new Error('no cookie');
    const { endpoint, errors } = makeEndpoint({
      viewer: () => {
        throw thrown;
      },
    });
    expect(await endpoint.mintForPage(page())).toBeNull();
    expect(errors).toEqual([{ error: thrown, code: 'viewer-failed' }]);
  });

  it('is null for something unexpected, reported as internal', async () => {
    const broken = new Error('a getter of the app failed');
    const { endpoint, errors } = makeEndpoint({
      viewer: () => ({
        get id(): string {
          throw broken;
        },
      }),
    });
    expect(await endpoint.mintForPage(page())).toBeNull();
    expect(errors).toEqual([{ error: broken, code: 'internal' }]);
  });
});
