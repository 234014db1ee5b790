// createSessionEndpoint's options (src/resolve-options.ts): what each refusal says, for a caller
// without types (JavaScript, or options read from a file), and the hooks it wires.
import { describe, expect, it } from 'vitest';
import { createMemoryStore, createSessionEndpoint, type EndpointErrorReport, type SessionEndpointOptions } from '../src/index.js';
import { headerViewer, PATH } from './support/endpoint-fixture.js';

const base: SessionEndpointOptions = { path: PATH, allowedOrigins: ['https://app.example'], viewer: headerViewer, mint: async () => 'ses_1', revoke: async () => undefined };
/** createSessionEndpoint with options as an untyped caller may give them. */
const create = (options: unknown) => () => createSessionEndpoint(options as SessionEndpointOptions);
const refusal = (message: string) => expect.objectContaining({ code: 'invalid-options', message });

describe('createSessionEndpoint refuses', () => {
  it('no options object', () => {
    expect(create(undefined)).toThrow(refusal('createSessionEndpoint needs an options object: { path, allowedOrigins, viewer, mint, revoke }'));
  });

  it('a now that is not a function', () => {
    expect(create({ ...base, now: 5 })).toThrow(refusal('now must be a function returning epoch ms, such as Date.now'));
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
