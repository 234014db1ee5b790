// The figures of the README's "Operating it" section, read the way an operator's collector reads
// them: an OpenTelemetry MeterProvider of @opentelemetry/sdk-metrics with an in-memory exporter,
// after a fault run (mints refused for each reason, a sign-out whose revoke fails for one id, a
// sweep that fails it again, then one that revokes it). `endpoint.status()` shows the same figures.
import { metrics } from '@opentelemetry/api';
import {
  AggregationTemporality, InMemoryMetricExporter, MeterProvider, PeriodicExportingMetricReader, type DataPoint, type Histogram, type MetricData,
} from '@opentelemetry/sdk-metrics';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryStore, type SessionEndpoint, type SessionStore } from '../../src/index.js';
import { browserRequest, makeEndpoint, PATH } from '../support/endpoint-fixture.js';
import { ID_LIFETIME_MS } from '../support/whole-ledger.js';

/** A provider whose metrics land in memory, collected on demand. */
function inMemoryMetrics() {
  const exporter = new InMemoryMetricExporter(AggregationTemporality.CUMULATIVE);
  const reader = new PeriodicExportingMetricReader({ exporter, exportIntervalMillis: 3_600_000 });
  const provider = new MeterProvider({ readers: [reader] });
  const collect = async (): Promise<Map<string, MetricData>> => {
    exporter.reset();
    await reader.forceFlush();
    const byName = new Map<string, MetricData>();
    for (const resource of exporter.getMetrics()) {
      for (const scope of resource.scopeMetrics) for (const metric of scope.metrics) byName.set(metric.descriptor.name, metric);
    }
    return byName;
  };
  return { provider, collect };
}

/** The value of `name`'s point whose attributes include `attributes`. */
function pointOf(collected: Map<string, MetricData>, name: string, attributes: Record<string, unknown> = {}): number | Histogram | undefined {
  const metric = collected.get(name);
  if (!metric) throw new Error(`no metric ${name}; collected: ${[...collected.keys()].join(', ')}`);
  const points = metric.dataPoints as DataPoint<number | Histogram>[];
  const point = points.find((candidate) => Object.entries(attributes).every(([key, value]) => candidate.attributes[key] === value));
  return point?.value;
}

/** A store whose `countMint` fails `failures` times, then works. */
function flakyCountMint(store: SessionStore, failures: number): SessionStore {
  let left = failures;
  return {
    ...store,
    countMint: (attempt) => {
      if (left <= 0) return store.countMint(attempt);
      left -= 1;
      return Promise.reject(new Error('ECONNREFUSED'));
    },
  };
}

/**
 * The fault run: ada mints 2 ids, then her limit refuses one; bob's mint fails at the service, then the
 * store, then he mints; ada signs out while the service fails her first id; two sweeps fail it
 * again, the third revokes it. Ten seconds pass on the clock between steps.
 */
async function faultRun(options: { meter?: ReturnType<MeterProvider['getMeter']> }) {
  let advance = (_ms: number) => {};
  const failing = new Set<string>();
  const made = makeEndpoint({
    limits: { mintsPerWindow: 2 },
    revoke: async (sessionId) => {
      advance(250);
      if (failing.has(sessionId)) throw new Error('503 from the service');
      made.service.revoked.push(sessionId);
    },
    ...(options.meter ? { meter: options.meter } : {}),
  });
  advance = (ms) => made.clock.advance(ms);
  return { ...made, failing, run: () => runFaults(made.endpoint, { service: made.service, clock: made.clock, failing }) };
}

async function runFaults(endpoint: SessionEndpoint, world: { service: ReturnType<typeof makeEndpoint>['service']; clock: { advance(ms: number): void }; failing: Set<string> }) {
  const mint = (viewer: string) => endpoint.fetch(browserRequest('POST', PATH, { viewer }));
  expect((await mint('ada')).status).toBe(200);
  expect((await mint('ada')).status).toBe(200);
  expect((await mint('ada')).status).toBe(429);
  world.service.failMint = true;
  expect((await mint('bob')).status).toBe(502);
  world.service.failMint = false;
  expect((await mint('bob')).status).toBe(200);
  world.failing.add(world.service.minted[0] ?? '');
  world.clock.advance(10_000);
  const answer = await endpoint.logoutViewer('ada');
  expect(answer).toMatchObject({ complete: false, failed: [expect.anything()] });
  world.clock.advance(10_000);
  expect(await endpoint.revokePending()).toMatchObject({ revoked: 0, failed: 1 });
  world.clock.advance(10_000);
}

describe('the "Operating it" figures through OpenTelemetry', () => {
  afterEach(() => {
    metrics.disable();
  });

  it('shows every figure after a fault run, on the meter given as `meter`, and status() shows the same', async () => {
    const otel = inMemoryMetrics();
    const world = await faultRun({ meter: otel.provider.getMeter('app') });
    await world.run();
    const collected = await otel.collect();
    expect(pointOf(collected, 'svc_embed.mint.requests', { 'svc_embed.mint.outcome': 'minted' })).toBe(3);
    expect(pointOf(collected, 'svc_embed.mint.requests', { 'svc_embed.mint.outcome': 'mint-limit' })).toBe(1);
    expect(pointOf(collected, 'svc_embed.mint.requests', { 'svc_embed.mint.outcome': 'mint-failed' })).toBe(1);
    expect(pointOf(collected, 'svc_embed.mint.requests', { 'svc_embed.mint.outcome': 'store-unavailable' })).toBe(0);
    expect(pointOf(collected, 'svc_embed.mint.requests', { 'svc_embed.mint.outcome': 'signed-out' })).toBe(0);
    expect(pointOf(collected, 'svc_embed.revocation.calls', { 'svc_embed.revocation.outcome': 'revoked', 'svc_embed.revocation.retry': false })).toBe(1);
    expect(pointOf(collected, 'svc_embed.revocation.calls', { 'svc_embed.revocation.outcome': 'failed', 'svc_embed.revocation.retry': false })).toBe(1);
    expect(pointOf(collected, 'svc_embed.revocation.calls', { 'svc_embed.revocation.outcome': 'failed', 'svc_embed.revocation.retry': true })).toBe(1);
    expect(pointOf(collected, 'svc_embed.revocation.pending.count')).toBe(1);
    // Pending since the sign-out's claim: two ten-second steps, and three revoke calls of a quarter second.
    expect(pointOf(collected, 'svc_embed.revocation.pending.oldest_age')).toBeCloseTo(20.75, 2);
    expect(pointOf(collected, 'svc_embed.revocation.unrecorded.count')).toBe(0);
    expect(pointOf(collected, 'svc_embed.sweep.lag')).toBe(10);
    expect(pointOf(collected, 'svc_embed.sweep.duration', { 'svc_embed.sweep.outcome': 'completed' })).toMatchObject({ count: 1, sum: 0.25 });
    expect(collected.get('svc_embed.sweep.duration')?.descriptor.unit).toBe('s');
    expect(collected.get('svc_embed.revocation.pending.count')?.descriptor.unit).toBe('{id}');
    expect(collected.get('svc_embed.revocation.calls')?.descriptor.unit).toBe('{call}');

    expect(await world.endpoint.status()).toEqual({
      mints: { minted: 3, 'mint-limit': 1, 'mint-failed': 1, 'store-unavailable': 0, 'signed-out': 0 },
      revokeCalls: { revoked: 1, failed: 2, retries: 1 },
      pending: { ids: 1, oldestAgeMs: 20_750 },
      unrecorded: 0,
      sweeps: { completed: 1, failed: 0, lastDurationMs: 250, lagMs: 10_000 },
    });

    world.failing.clear();
    expect(await world.endpoint.revokePending()).toMatchObject({ revoked: 1, failed: 0 });
    const after = await otel.collect();
    expect(pointOf(after, 'svc_embed.revocation.pending.count')).toBe(0);
    expect(pointOf(after, 'svc_embed.revocation.pending.oldest_age')).toBe(0);
    expect(pointOf(after, 'svc_embed.revocation.calls', { 'svc_embed.revocation.outcome': 'revoked', 'svc_embed.revocation.retry': true })).toBe(1);
    expect(pointOf(after, 'svc_embed.sweep.lag')).toBe(0);
    expect(pointOf(after, 'svc_embed.sweep.duration', { 'svc_embed.sweep.outcome': 'completed' })).toMatchObject({ count: 2 });
  });

  it('counts a store failure: refused mints, an unrecorded id, a failed sweep, a pending figure left out', async () => {
    const otel = inMemoryMetrics();
    const errors: string[] = [];
    let broken = false;
    const memory = createMemoryStore();
    const breakable = new Proxy(memory, {
      get: (target, name: keyof SessionStore) => {
        const method = target[name];
        if (typeof method !== 'function') return method;
        return (...args: unknown[]) => (broken && name !== 'countMint' ? Promise.reject(new Error('ECONNRESET')) : (method as (...a: unknown[]) => unknown).apply(target, args));
      },
    });
    const { endpoint, clock, service } = makeEndpoint({ meter: otel.provider.getMeter('app'), store: flakyCountMint(breakable, 1), onError: (_error, report) => errors.push(report.code) });
    expect((await endpoint.fetch(browserRequest('POST', PATH, { viewer: 'ada' }))).status).toBe(503);
    broken = true;
    service.failRevoke = true;
    expect((await endpoint.fetch(browserRequest('POST', PATH, { viewer: 'ada' }))).status).toBe(503);
    clock.advance(5_000);
    await expect(endpoint.revokePending()).rejects.toMatchObject({ code: 'store-unavailable' });
    const collected = await otel.collect();
    expect(pointOf(collected, 'svc_embed.mint.requests', { 'svc_embed.mint.outcome': 'store-unavailable' })).toBe(2);
    expect(pointOf(collected, 'svc_embed.revocation.calls', { 'svc_embed.revocation.outcome': 'failed', 'svc_embed.revocation.retry': false })).toBe(1);
    expect(pointOf(collected, 'svc_embed.revocation.calls', { 'svc_embed.revocation.outcome': 'failed', 'svc_embed.revocation.retry': true })).toBe(1);
    expect(pointOf(collected, 'svc_embed.revocation.unrecorded.count')).toBe(1);
    expect(pointOf(collected, 'svc_embed.sweep.duration', { 'svc_embed.sweep.outcome': 'failed' })).toMatchObject({ count: 1 });
    // No sweep completed: the lag runs from the endpoint's creation, an id's longest life before the fixture's clock starts.
    expect(pointOf(collected, 'svc_embed.sweep.lag')).toBe((ID_LIFETIME_MS + 5_000) / 1000);
    expect(collected.get('svc_embed.revocation.pending.count')?.dataPoints ?? []).toEqual([]);
    expect(errors).toContain('store-unavailable');
    expect(await endpoint.status()).toMatchObject({ pending: null, unrecorded: 1, sweeps: { completed: 0, failed: 1, lagMs: ID_LIFETIME_MS + 5_000 } });
  });

  it('counts a mint refused by a sign-out that came while the id was being minted as signed-out', async () => {
    const otel = inMemoryMetrics();
    const memory = createMemoryStore();
    const signOutDuringMint: SessionStore = {
      ...memory,
      add: async (entry) => {
        await memory.signOut({ viewerId: entry.viewerId, leaseMs: 60_000, rememberMs: 60_000 });
        return memory.add(entry);
      },
    };
    const { endpoint } = makeEndpoint({ meter: otel.provider.getMeter('app'), store: signOutDuringMint });
    expect((await endpoint.fetch(browserRequest('POST', PATH, { viewer: 'ada' }))).status).toBe(409);
    const collected = await otel.collect();
    expect(pointOf(collected, 'svc_embed.mint.requests', { 'svc_embed.mint.outcome': 'signed-out' })).toBe(1);
    expect(pointOf(collected, 'svc_embed.mint.requests', { 'svc_embed.mint.outcome': 'minted' })).toBe(0);
    expect((await endpoint.status()).mints).toMatchObject({ 'signed-out': 1, minted: 0 });
  });

  it('uses the global meter provider when no meter is given, once @opentelemetry/api is loaded', async () => {
    const otel = inMemoryMetrics();
    metrics.setGlobalMeterProvider(otel.provider);
    const world = await faultRun({});
    // The endpoint loads @opentelemetry/api in the background; counts made before are observed all the same.
    await world.run();
    await vi.waitFor(async () => expect((await otel.collect()).size).toBeGreaterThan(0), { timeout: 10_000 });
    const collected = await otel.collect();
    expect(pointOf(collected, 'svc_embed.mint.requests', { 'svc_embed.mint.outcome': 'minted' })).toBe(3);
    expect(pointOf(collected, 'svc_embed.revocation.pending.count')).toBe(1);
    expect([...collected.values()].every((metric) => metric.descriptor.name.startsWith('svc_embed.'))).toBe(true);
  });

  it('refuses a meter that is not one, naming the option', () => {
    expect(() => makeEndpoint({ meter: {} as never })).toThrow(expect.objectContaining({ code: 'invalid-options', message: expect.stringContaining('meter must be an OpenTelemetry Meter') }));
  });
});
