// createSessionEndpoint's options (src/resolve-options.ts): what each refusal says, for a caller
// without types (JavaScript, or options read from a file), the hooks it wires, and the default
// viewer tag key.
import { describe, expect, it } from 'vitest';
import { createMemoryStore, createSessionEndpoint, type EndpointErrorReport, type SessionEndpointOptions } from '../src/index.js';
import { browserRequest, headerViewer, json, makeEndpoint, ORIGIN, PATH } from './support/endpoint-fixture.js';

const base: SessionEndpointOptions = { path: PATH, allowedOrigins: ['https://app.example'], viewer: headerViewer, mint: async () => 'ses_1', revoke: async () => undefined };
/** createSessionEndpoint with options as an untyped caller may give them. */
const create = (options: unknown) => () => createSessionEndpoint(options as SessionEndpointOptions);
const refusal = (message: string) => expect.objectContaining({ code: 'invalid-options', message });
/** The viewer tag the mint answer of `options`' endpoint gives `viewer`. */
const tagOf = async (options: Partial<SessionEndpointOptions>, viewer: string): Promise<string> => (await json(await makeEndpoint(options).endpoint.fetch(browserRequest('POST', PATH, { viewer })))).viewer;

describe('createSessionEndpoint refuses', () => {
  it('no options object', () => {
    expect(create(undefined)).toThrow(refusal('createSessionEndpoint needs an options object: { path, allowedOrigins, viewer, mint, revoke }'));
  });

  it('options of null, and options that are no object', () => {
    const said = 'createSessionEndpoint needs an options object: { path, allowedOrigins, viewer, mint, revoke }';
    expect(create(null)).toThrow(refusal(said));
    expect(create('/api/embed-session')).toThrow(refusal(said));
  });

  it('a now that is not a function', () => {
    expect(create({ ...base, now: 5 })).toThrow(refusal('now must be a function returning epoch ms, such as Date.now'));
  });

  it('a now that is not a function, beside a store of its own (which does not read now)', () => {
    expect(create({ ...base, store: createMemoryStore(), now: 5 })).toThrow(refusal('now must be a function returning epoch ms, such as Date.now'));
  });

  it('a store of null, naming every method it lacks', () => {
    expect(create({ ...base, store: null })).toThrow(refusal('store must be a SessionStore (createMemoryStore() or createRedisStore(...)); it has no countMint, add, claim, signOut, claimPending, settle, hint, dropHint, listHints, countPending, horizon'));
  });

  it('a root path written with two slashes', () => {
    expect(create({ ...base, path: '//' })).toThrow(refusal(`path must be a path below the root without query, fragment or spaces, such as '/api/embed-session' (got "//")`));
  });

  it('an allowedOrigins entry of a scheme with an origin that is not http or https (wss:)', () => {
    expect(create({ ...base, allowedOrigins: ['wss://app.example'] })).toThrow(refusal("allowedOrigins takes exact origins (scheme, host and port): each entry is an http or https origin, such as 'https://app.example' (got 'wss://app.example')"));
  });

  it('a viewerTagKey of 15 characters, and one that is no string (a number read from the configuration)', () => {
    const said = 'viewerTagKey must be a secret of at least 16 characters, the same on every instance (from your configuration), or left out';
    expect(create({ ...base, viewerTagKey: 'k'.repeat(15) })).toThrow(refusal(said));
    expect(create({ ...base, viewerTagKey: 1234567890123456789 })).toThrow(refusal(said));
  });

  it('a limit that is a number but no integer, or not finite', () => {
    expect(create({ ...base, limits: { mintsPerWindow: 1.5 } })).toThrow(refusal('limits.mintsPerWindow must be a positive integer (got 1.5); leave it out for the default 30'));
    expect(create({ ...base, limits: { bodyBytes: Infinity } })).toThrow(refusal('limits.bodyBytes must be a positive integer (got Infinity); leave it out for the default 1024'));
  });

  it('a revoke deadline equal to the lease', () => {
    expect(create({ ...base, limits: { revokeTimeoutMs: 2_000, revocationLeaseMs: 2_000 } })).toThrow(refusal('limits.revokeTimeoutMs (2000) must be below limits.revocationLeaseMs (2000): a revoke still running when its lease lapses could be made twice; lower revokeTimeoutMs or raise revocationLeaseMs'));
  });

  it('the root as path, and a path with a query', () => {
    const said = "path must be a path below the root without query, fragment or spaces, such as '/api/embed-session' (got ";
    expect(create({ ...base, path: '/' })).toThrow(refusal(`${said}"/")`));
    expect(create({ ...base, path: '/api?x' })).toThrow(refusal(`${said}"/api?x")`));
  });

  it('a store without the methods of one, naming them', () => {
    const { settle: _settle, hint: _hint, ...partial } = createMemoryStore();
    expect(create({ ...base, store: partial })).toThrow(expect.objectContaining({ code: 'invalid-options', message: expect.stringMatching(/^store must be a SessionStore \(createMemoryStore\(\) or createRedisStore\(\.\.\.\)\); it has no (hint, settle|settle, hint)$/) }));
  });

  it('limits it does not know, naming them', () => {
    expect(create({ ...base, limits: { mintPerWindow: 3, revokeTimeout: 1 } })).toThrow(expect.objectContaining({ code: 'invalid-options', message: expect.stringMatching(/^limits has no mintPerWindow, revokeTimeout; the limits are mintsPerWindow, /) }));
  });

  it('a meter of null, and one without the methods of a meter', () => {
    expect(create({ ...base, meter: null })).toThrow(expect.objectContaining({ code: 'invalid-options' }));
    expect(create({ ...base, meter: {} })).toThrow(refusal("meter must be an OpenTelemetry Meter, such as metrics.getMeter('my-app') of @opentelemetry/api, or left out; it has no createObservableCounter, createObservableGauge, createHistogram, addBatchObservableCallback"));
  });
});

describe('createSessionEndpoint accepts', () => {
  it('onError and onRevoke of null, as left out', () => {
    expect(create({ ...base, onError: null, onRevoke: null })).not.toThrow();
  });

  it('a viewerTagKey of exactly 16 characters', () => {
    expect(create({ ...base, viewerTagKey: 'k'.repeat(16) })).not.toThrow();
  });

  it('a path with trailing slashes as the same path', () => {
    expect(createSessionEndpoint({ ...base, path: `${PATH}//` }).path).toBe(PATH);
  });

  it("requestsWithoutOrigin 'allow' and 'refuse'", () => {
    expect(create({ ...base, requestsWithoutOrigin: 'allow' })).not.toThrow();
    expect(create({ ...base, requestsWithoutOrigin: 'refuse' })).not.toThrow();
  });

  it("a store's own failures, reported to onError with their code (a store with reportTo)", () => {
    const reports: EndpointErrorReport[] = [];
    let tell: (error: { code: string }) => void = () => undefined;
    const store = { ...createMemoryStore(), reportTo: (report: typeof tell) => { tell = report; } };
    createSessionEndpoint({ ...base, store, onError: (_error, report) => reports.push(report) });
    tell({ code: 'store-unavailable' });
    expect(reports).toEqual([{ code: 'store-unavailable' }]);
  });
});

describe('the default viewer tag key (no viewerTagKey), made from path and allowedOrigins', () => {
  const origins = [ORIGIN, 'https://admin.example'];

  it('is the same whatever the order allowedOrigins lists them in, so instances configured from differently ordered lists agree', async () => {
    expect(await tagOf({ allowedOrigins: [...origins].reverse() }, 'ada')).toBe(await tagOf({ allowedOrigins: origins }, 'ada'));
  });

  it('differs between endpoints of other origins', async () => {
    expect(await tagOf({ allowedOrigins: origins }, 'ada')).not.toBe(await tagOf({ allowedOrigins: [ORIGIN] }, 'ada'));
  });

  /** Pinned: a release that derived the key otherwise would tag one viewer two ways during a rolling deploy, and the browser would report `viewer-changed`. */
  it('gives the same tag in every release', async () => {
    expect(await tagOf({ allowedOrigins: origins }, 'ada')).toBe('QY6NuQXnHbTrWYfX3ZA9pq');
  });
});
