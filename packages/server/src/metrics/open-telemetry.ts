/**
 * The endpoint's figures as OpenTelemetry metrics, named and measured after OpenTelemetry's
 * semantic conventions (namespace `svc_embed.`, units `{request}`, `{call}`, `{id}`, `{entry}`, `s`).
 * `@opentelemetry/api` is an optional peer: this file never imports it statically. With no `meter`
 * option, the endpoint loads it when installed and takes a meter from the app's global meter
 * provider (a no-op until the app registers one); without it, nothing is measured and nothing fails.
 * Counts and gauges are observable instruments reading the figures when the app's reader collects,
 * so the request path only adds to plain numbers.
 */
import type { EndpointFigures, MintOutcome } from './endpoint-figures.js';
import type { PendingCount } from '../stores/session-store.js';

/** Attributes of one measurement. */
type Attributes = Record<string, string | number | boolean>;

/** An observable instrument, as the meter makes it (the endpoint only hands it back to `observe`). */
type ObservableInstrument = object;

/** What the batch callback is given: `observe` for each instrument. */
interface BatchResult {
  observe(instrument: ObservableInstrument, value: number, attributes?: Attributes): void;
}

/** The options of an instrument. */
interface InstrumentOptions {
  description?: string;
  unit?: string;
  advice?: { explicitBucketBoundaries?: number[] };
}

/**
 * The part of `@opentelemetry/api`'s `Meter` the endpoint uses (the endpoint's types need no
 * `@opentelemetry/api`): pass `metrics.getMeter('my-app')`, or a meter of your own `MeterProvider`.
 */
export interface OpenTelemetryMeter {
  /** Makes a counter read at collection: mint requests, revoke calls. */
  createObservableCounter(name: string, options?: InstrumentOptions): ObservableInstrument;
  /** Makes a gauge read at collection: the pending backlog, the sweep's lag. */
  createObservableGauge(name: string, options?: InstrumentOptions): ObservableInstrument;
  /** Makes a histogram: the sweep's duration. */
  createHistogram(name: string, options?: InstrumentOptions): { record(value: number, attributes?: Attributes): void };
  /** Registers one callback that observes several instruments at each collection. */
  addBatchObservableCallback(callback: (result: BatchResult) => void | Promise<void>, observables: ObservableInstrument[]): void;
}

/** The instrumentation scope's name: the package. */
const SCOPE = '@svc-embed/server';
/** The optional peer, held in a variable so that an app's bundler does not fail when it is not installed. */
const API_PACKAGE = '@opentelemetry/api';
/** Bucket bounds of the sweep duration, s: a sweep takes from milliseconds to minutes. */
const SWEEP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300];

/** What the instruments read. */
interface MeterSources {
  figures: EndpointFigures;
  /** The store's backlog; `null` when it could not be read (the caller reports it). */
  readPending: () => Promise<PendingCount | null>;
  /** Entries in this instance's backlog. */
  unrecorded: () => number;
}

/**
 * Binds the figures to `meter`, or (when `undefined`) to the global meter provider of
 * `@opentelemetry/api` if the app has it installed. Resolves once bound (or once it is known that
 * nothing is installed); never rejects.
 */
export async function bindMeter(meter: OpenTelemetryMeter | undefined, sources: MeterSources): Promise<void> {
  const chosen = meter ?? (await globalMeter());
  if (chosen !== null) registerInstruments(chosen, sources);
}

/** A meter of the app's global meter provider, or `null` when `@opentelemetry/api` is not installed. */
async function globalMeter(): Promise<OpenTelemetryMeter | null> {
  try {
    const api: unknown = await import(API_PACKAGE);
    return meterOf(api);
  } catch {
    return null;
  }
}

/** `api.metrics.getMeter(SCOPE)` of a loaded `@opentelemetry/api` (ESM or CommonJS shape); `null` for anything else. */
function meterOf(api: unknown): OpenTelemetryMeter | null {
  const module = api as { metrics?: { getMeter?: unknown }; default?: { metrics?: { getMeter?: unknown } } } | null;
  const metrics = module?.metrics ?? module?.default?.metrics;
  if (!metrics || typeof metrics.getMeter !== 'function') return null;
  return (metrics.getMeter as (name: string) => OpenTelemetryMeter).call(metrics, SCOPE);
}

function registerInstruments(meter: OpenTelemetryMeter, sources: MeterSources): void {
  registerCounts(meter, sources.figures);
  registerGauges(meter, sources);
  const sweepDuration = meter.createHistogram('svc_embed.sweep.duration', {
    description: 'How long each sweep (revokePending) of this instance took, by svc_embed.sweep.outcome.',
    unit: 's',
    advice: { explicitBucketBoundaries: SWEEP_BUCKETS },
  });
  sources.figures.onSweep(({ seconds, outcome }) => sweepDuration.record(seconds, { 'svc_embed.sweep.outcome': outcome }));
}

/** The counters: mint requests by outcome, revoke calls by outcome and retry. */
function registerCounts(meter: OpenTelemetryMeter, figures: EndpointFigures): void {
  const mints = meter.createObservableCounter('svc_embed.mint.requests', {
    description: 'Mint requests by svc_embed.mint.outcome: minted (an id handed out) or the refusal\'s code.',
    unit: '{request}',
  });
  const revokeCalls = meter.createObservableCounter('svc_embed.revocation.calls', {
    description: 'Calls of the app\'s revoke hook, by svc_embed.revocation.outcome (revoked, failed) and svc_embed.revocation.retry.',
    unit: '{call}',
  });
  meter.addBatchObservableCallback((result) => {
    const { counts } = figures;
    for (const outcome of Object.keys(counts.mints) as MintOutcome[]) result.observe(mints, counts.mints[outcome], { 'svc_embed.mint.outcome': outcome });
    for (const outcome of ['revoked', 'failed'] as const) {
      const byRetry = counts.revokeCalls[outcome];
      result.observe(revokeCalls, byRetry.first, { 'svc_embed.revocation.outcome': outcome, 'svc_embed.revocation.retry': false });
      result.observe(revokeCalls, byRetry.retry, { 'svc_embed.revocation.outcome': outcome, 'svc_embed.revocation.retry': true });
    }
  }, [mints, revokeCalls]);
}

/** The gauges: the store's backlog (read once per collection), this instance's unrecorded entries, the sweep's lag. */
function registerGauges(meter: OpenTelemetryMeter, sources: MeterSources): void {
  const pendingIds = meter.createObservableGauge('svc_embed.revocation.pending.count', {
    description: 'Ids claimed for revocation and not yet confirmed revoked, in the whole store (every instance reports the same figure).',
    unit: '{id}',
  });
  const oldestAge = meter.createObservableGauge('svc_embed.revocation.pending.oldest_age', {
    description: 'How long the oldest pending id has been pending (0 when none is), on the store\'s clock.',
    unit: 's',
  });
  const unrecorded = meter.createObservableGauge('svc_embed.revocation.unrecorded.count', {
    description: 'What this instance keeps in memory because the store failed (ids neither recorded nor revoked, hints not written).',
    unit: '{entry}',
  });
  const lag = meter.createObservableGauge('svc_embed.sweep.lag', {
    description: 'Time since this instance\'s last completed sweep ended (since it started, when none has).',
    unit: 's',
  });
  meter.addBatchObservableCallback(async (result) => {
    result.observe(unrecorded, sources.unrecorded());
    result.observe(lag, sources.figures.sweeps().lagMs / 1000);
    const pending = await sources.readPending();
    if (pending === null) return;
    result.observe(pendingIds, pending.ids);
    result.observe(oldestAge, (pending.oldestAgeMs ?? 0) / 1000);
  }, [pendingIds, oldestAge, unrecorded, lag]);
}
