// The OpenTelemetry binding, read from a fake meter: each instrument's unit, a description for
// each, the sweep histogram's buckets; and the global meter, of the package's own scope, taken from
// @opentelemetry/api in its ESM and CommonJS shapes, while a missing package, or one without a
// usable `metrics.getMeter`, binds nothing and never rejects.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createEndpointFigures } from '../../src/metrics/endpoint-figures.js';
import type { OpenTelemetryMeter } from '../../src/metrics/open-telemetry.js';

interface Made {
  kind: 'counter' | 'gauge' | 'histogram';
  name: string;
  options?: { description?: string; unit?: string; advice?: { explicitBucketBoundaries?: number[] } };
}

/** A meter that only notes the instruments it is asked for. */
function fakeMeter() {
  const made: Made[] = [];
  const meter: OpenTelemetryMeter = {
    createObservableCounter: (name, options) => {
      made.push({ kind: 'counter', name, options });
      return {};
    },
    createObservableGauge: (name, options) => {
      made.push({ kind: 'gauge', name, options });
      return {};
    },
    createHistogram: (name, options) => {
      made.push({ kind: 'histogram', name, options });
      return { record: () => {} };
    },
    addBatchObservableCallback: () => {},
  };
  return { meter, made };
}

const sources = () => ({ figures: createEndpointFigures(() => 0), readPending: async () => null, unrecorded: () => 0 });

/**
 * open-telemetry.ts loaded afresh, with `@opentelemetry/api` replaced by `factory` (whose module
 * must name `metrics` and `default`, undefined or not: vitest's mocks throw on reading an export they lack).
 */
async function withApi(factory: () => unknown) {
  vi.doUnmock('@opentelemetry/api');
  vi.resetModules();
  vi.doMock('@opentelemetry/api', factory);
  return import('../../src/metrics/open-telemetry.js');
}

afterEach(() => {
  vi.doUnmock('@opentelemetry/api');
  vi.resetModules();
});

describe('the OpenTelemetry instruments', () => {
  it('each have their unit and a description, and the sweep duration buckets from milliseconds to minutes', async () => {
    const { bindMeter } = await import('../../src/metrics/open-telemetry.js');
    const { meter, made } = fakeMeter();
    await bindMeter(meter, sources());
    expect(made.map(({ kind, name, options }) => ({ kind, name, unit: options?.unit }))).toEqual(expect.arrayContaining([
      { kind: 'counter', name: 'svc_embed.mint.requests', unit: '{request}' },
      { kind: 'counter', name: 'svc_embed.revocation.calls', unit: '{call}' },
      { kind: 'gauge', name: 'svc_embed.revocation.pending.count', unit: '{id}' },
      { kind: 'gauge', name: 'svc_embed.revocation.pending.oldest_age', unit: 's' },
      { kind: 'gauge', name: 'svc_embed.revocation.unrecorded.count', unit: '{entry}' },
      { kind: 'gauge', name: 'svc_embed.sweep.lag', unit: 's' },
      { kind: 'histogram', name: 'svc_embed.sweep.duration', unit: 's' },
    ]));
    expect(made).toHaveLength(7);
    for (const { name, options } of made) expect(options?.description, name).toMatch(/\w{3}/);
    const buckets = made.find(({ kind }) => kind === 'histogram')?.options?.advice?.explicitBucketBoundaries ?? [];
    expect(buckets[0]).toBe(0.005);
    expect(buckets.at(-1)).toBe(300);
  });
});

describe('the global meter', () => {
  it('is taken from @opentelemetry/api\'s metrics (ESM shape) and from its default export (CommonJS shape)', async () => {
    const esm = fakeMeter();
    const esmApi = await withApi(() => ({ metrics: { getMeter: () => esm.meter }, default: undefined }));
    await esmApi.bindMeter(undefined, sources());
    expect(esm.made).toHaveLength(7);
    const cjs = fakeMeter();
    const cjsApi = await withApi(() => ({ metrics: undefined, default: { metrics: { getMeter: () => cjs.meter } } }));
    await cjsApi.bindMeter(undefined, sources());
    expect(cjs.made).toHaveLength(7);
  });

  it('is the meter of the package\'s own instrumentation scope, @svc-embed/server', async () => {
    const { meter } = fakeMeter();
    const asked: string[] = [];
    const getMeter = (name: string) => {
      asked.push(name);
      return meter;
    };
    const api = await withApi(() => ({ metrics: { getMeter }, default: undefined }));
    await api.bindMeter(undefined, sources());
    expect(asked).toEqual(['@svc-embed/server']);
  });

  it('binds nothing and resolves when @opentelemetry/api is not installed', async () => {
    const { bindMeter } = await withApi(() => {
      throw new Error("Cannot find package '@opentelemetry/api'");
    });
    await expect(bindMeter(undefined, sources())).resolves.toBeUndefined();
  });

  it('binds nothing and resolves when the package has no metrics, or a getMeter that is not a function', async () => {
    const bare = await withApi(() => ({ trace: {}, metrics: undefined, default: undefined }));
    await expect(bare.bindMeter(undefined, sources())).resolves.toBeUndefined();
    const fake = fakeMeter();
    // Not a function, though it has a `call`: a meter is taken only from a function.
    const odd = await withApi(() => ({ metrics: { getMeter: { call: () => fake.meter } }, default: undefined }));
    await expect(odd.bindMeter(undefined, sources())).resolves.toBeUndefined();
    expect(fake.made).toEqual([]);
  });
});
