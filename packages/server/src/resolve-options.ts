import { createHmac } from 'node:crypto';
import { checkAllowedOrigins } from './allowed-origins.js';
import type { EndpointErrorReport, EndpointLimits, RevocationReport, SessionEndpointOptions, Viewer } from './endpoint-options.js';
import { EndpointError } from './errors.js';
import type { OpenTelemetryMeter } from './metrics/open-telemetry.js';
import { createMemoryStore } from './stores/memory-store.js';
import type { SessionStore } from './stores/session-store.js';

/** Default of `limits.mintsPerWindow`. */
export const DEFAULT_MINTS_PER_WINDOW = 30;
/** Default of `limits.mintWindowMs`: one minute. */
export const DEFAULT_MINT_WINDOW_MS = 60_000;
/** Default of `limits.bodyBytes`: the endpoint's requests carry no body; a small one is tolerated. */
export const DEFAULT_BODY_BYTES = 1024;
/** Default of `limits.sessionLifetimeMs`: the signed session's nominal 24 h. */
export const DEFAULT_SESSION_LIFETIME_MS = 24 * 60 * 60_000;
/** Default of `limits.bodyTimeoutMs`: a body the endpoint does not need gets a few seconds. */
export const DEFAULT_BODY_TIMEOUT_MS = 5_000;
/** Default of `limits.redemptionWindowMs`: the service's 5 minutes to redeem a minted id. */
export const DEFAULT_REDEMPTION_WINDOW_MS = 5 * 60_000;
/** Default of `limits.revocationLeaseMs`: a minute, longer than a revocation takes. */
export const DEFAULT_REVOCATION_LEASE_MS = 60_000;
/** Default of `limits.revocationsPerWindow`: more sign-outs and `DELETE`s a minute than a person makes. */
export const DEFAULT_REVOCATIONS_PER_WINDOW = 60;
/** Default of `limits.revocationWindowMs`: one minute. */
export const DEFAULT_REVOCATION_WINDOW_MS = 60_000;
/** Default of `limits.revokeTimeoutMs`: five seconds, so a sign-out answers well within the browser's 10 s wait for it. */
export const DEFAULT_REVOKE_TIMEOUT_MS = 5_000;
/** Default of `limits.revokeConcurrency`: `revoke` calls in flight on one instance. */
export const DEFAULT_REVOKE_CONCURRENCY = 32;
/** Default of `limits.revokeRetryMs`: the first backoff of a failed revocation. */
export const DEFAULT_REVOKE_RETRY_MS = 5_000;
/** Default of `limits.revokeRetryMaxMs`: the longest backoff, five minutes. */
export const DEFAULT_REVOKE_RETRY_MAX_MS = 300_000;

/** The store's methods, checked when a store is given. */
const STORE_METHODS = ['countMint', 'add', 'claim', 'signOut', 'claimPending', 'settle', 'hint', 'dropHint', 'listHints', 'countPending', 'horizon'] as const;

/** The options with every default filled in and every value checked: what the routes read. */
export interface ResolvedOptions<V extends Viewer = Viewer> {
  path: string;
  allowedOrigins: ReadonlySet<string>;
  viewer: SessionEndpointOptions<V>['viewer'];
  mint: SessionEndpointOptions<V>['mint'];
  revoke: SessionEndpointOptions<V>['revoke'];
  store: SessionStore;
  limits: Required<EndpointLimits>;
  requestsWithoutOrigin: 'allow' | 'refuse';
  report(error: unknown, report: EndpointErrorReport): void;
  reportRevocation(report: RevocationReport): void;
  /** The `meter` option; `undefined`: the global meter provider's, when `@opentelemetry/api` is installed. */
  meter: OpenTelemetryMeter | undefined;
  /** The viewer tag of a viewer id: the mint and logout answers' `viewer`. */
  viewerTag(viewerId: string): string;
  now: () => number;
}

const invalid = (message: string) => new EndpointError('invalid-options', message);

/**
 * Checks `createSessionEndpoint`'s options and fills in the defaults.
 * @throws {EndpointError} `invalid-options`, saying which option and what to write
 */
export function resolveOptions<V extends Viewer>(options: SessionEndpointOptions<V>): ResolvedOptions<V> {
  if (!options || typeof options !== 'object') throw invalid('createSessionEndpoint needs an options object: { path, allowedOrigins, viewer, mint, revoke }');
  for (const name of ['viewer', 'mint', 'revoke'] as const) {
    if (typeof options[name] !== 'function') throw invalid(`${name} must be a function (got ${typeof options[name]}); see the README's options table`);
  }
  const now = options.now ?? Date.now;
  if (typeof now !== 'function') throw invalid('now must be a function returning epoch ms, such as Date.now');
  const { onError, onRevoke } = options;
  checkHook('onError', onError, '(error, report) => console.error(report.code, error)');
  checkHook('onRevoke', onRevoke, '(report) => console.log(report.by, report.outcome)');
  const reportTo = onError ?? logToStandardError;
  const report = (error: unknown, details: EndpointErrorReport) => reportSafely(() => reportTo(error, details));
  const store = checkStore(options.store) ?? createMemoryStore({ now });
  attachStoreReports(store, report);
  const path = checkPath(options.path);
  const allowedOrigins = checkAllowedOrigins(options.allowedOrigins);
  return {
    path,
    allowedOrigins,
    viewer: options.viewer,
    mint: options.mint,
    revoke: options.revoke,
    store,
    limits: checkLimits(options.limits ?? {}),
    requestsWithoutOrigin: checkOriginless(options.requestsWithoutOrigin),
    report,
    reportRevocation: (report) => reportSafely(() => onRevoke?.(report)),
    meter: checkMeter(options.meter),
    viewerTag: viewerTagger(options.viewerTagKey ?? `svc-embed viewer tag ${path} ${[...allowedOrigins].sort().join(' ')}`),
    now,
  };
}

/**
 * The viewer tag under `key`: HMAC-SHA-256 of the viewer id, 128 bits in base64url. The same key on
 * every instance gives every instance the same tag for a viewer.
 * @throws {EndpointError} `invalid-options` for a key that is no string of 16 characters or more
 */
function viewerTagger(key: unknown): (viewerId: string) => string {
  if (typeof key !== 'string' || key.length < 16) throw invalid('viewerTagKey must be a secret of at least 16 characters, the same on every instance (from your configuration), or left out');
  return (viewerId) => createHmac('sha256', key).update(viewerId).digest('base64url').slice(0, 22);
}

function checkPath(path: unknown): string {
  if (typeof path !== 'string' || !path.startsWith('/')) {
    throw invalid(`path must be the endpoint's path from the site's root, such as '/api/embed-session' (got ${JSON.stringify(path)})`);
  }
  const trimmed = path.replace(/\/+$/, '');
  if (!trimmed || /[?#\s]/.test(trimmed)) throw invalid(`path must be a path below the root without query, fragment or spaces, such as '/api/embed-session' (got ${JSON.stringify(path)})`);
  return trimmed;
}

function checkStore(store: SessionStore | undefined): SessionStore | undefined {
  if (store === undefined) return undefined;
  const missing = STORE_METHODS.filter((name) => typeof store?.[name] !== 'function');
  if (missing.length) throw invalid(`store must be a SessionStore (createMemoryStore() or createRedisStore(...)); it has no ${missing.join(', ')}`);
  return store;
}

/** Every limit and its default. */
const LIMIT_DEFAULTS: ResolvedOptions['limits'] = {
  mintsPerWindow: DEFAULT_MINTS_PER_WINDOW,
  mintWindowMs: DEFAULT_MINT_WINDOW_MS,
  bodyBytes: DEFAULT_BODY_BYTES,
  bodyTimeoutMs: DEFAULT_BODY_TIMEOUT_MS,
  redemptionWindowMs: DEFAULT_REDEMPTION_WINDOW_MS,
  sessionLifetimeMs: DEFAULT_SESSION_LIFETIME_MS,
  revocationLeaseMs: DEFAULT_REVOCATION_LEASE_MS,
  revocationsPerWindow: DEFAULT_REVOCATIONS_PER_WINDOW,
  revocationWindowMs: DEFAULT_REVOCATION_WINDOW_MS,
  revokeTimeoutMs: DEFAULT_REVOKE_TIMEOUT_MS,
  revokeConcurrency: DEFAULT_REVOKE_CONCURRENCY,
  revokeRetryMs: DEFAULT_REVOKE_RETRY_MS,
  revokeRetryMaxMs: DEFAULT_REVOKE_RETRY_MAX_MS,
};
const LIMIT_NAMES = Object.keys(LIMIT_DEFAULTS) as (keyof ResolvedOptions['limits'])[];

/** `limits` with its defaults filled in: an object of known names, each a positive integer. */
function checkLimits(limits: unknown): ResolvedOptions['limits'] {
  if (typeof limits !== 'object' || limits === null || Array.isArray(limits)) throw invalid(`limits must be an object such as { mintsPerWindow: 30 }, or left out (got ${String(limits)})`);
  const given = limits as Record<string, unknown>;
  const strangers = Object.keys(given).filter((name) => !LIMIT_NAMES.includes(name as keyof ResolvedOptions['limits']));
  if (strangers.length) throw invalid(`limits has no ${strangers.join(', ')}; the limits are ${LIMIT_NAMES.join(', ')}`);
  const resolved = { ...LIMIT_DEFAULTS };
  for (const name of LIMIT_NAMES) {
    const value = given[name] ?? LIMIT_DEFAULTS[name];
    if (typeof value !== 'number' || !Number.isSafeInteger(value) || value <= 0) throw invalid(`limits.${name} must be a positive integer (got ${String(value)}); leave it out for the default ${LIMIT_DEFAULTS[name]}`);
    resolved[name] = value;
  }
  return checkRevokeDeadline(resolved);
}

/** A `revoke` call must end (by its deadline) before its lease lapses, or another call could take the id over and call again. */
function checkRevokeDeadline(limits: ResolvedOptions['limits']): ResolvedOptions['limits'] {
  if (limits.revokeTimeoutMs < limits.revocationLeaseMs) return limits;
  throw invalid(`limits.revokeTimeoutMs (${limits.revokeTimeoutMs}) must be below limits.revocationLeaseMs (${limits.revocationLeaseMs}): a revoke still running when its lease lapses could be made twice; lower revokeTimeoutMs or raise revocationLeaseMs`);
}

/**
 * A store with reports of its own (the Redis store's `reportTo`: a Redis that may evict, with
 * `allowEviction`) sends them to `onError`, each with its error's code.
 */
function attachStoreReports(store: SessionStore, report: ResolvedOptions['report']): void {
  const reporting = store as SessionStore & { reportTo?: unknown };
  if (typeof reporting.reportTo !== 'function') return;
  reporting.reportTo.call(store, (error: EndpointError) => report(error, { code: error.code }));
}

/** The methods of a meter the endpoint calls, checked when a meter is given. */
const METER_METHODS = ['createObservableCounter', 'createObservableGauge', 'createHistogram', 'addBatchObservableCallback'] as const;

function checkMeter(meter: OpenTelemetryMeter | undefined): OpenTelemetryMeter | undefined {
  if (meter === undefined) return undefined;
  const missing = METER_METHODS.filter((name) => typeof meter?.[name] !== 'function');
  if (missing.length) throw invalid(`meter must be an OpenTelemetry Meter, such as metrics.getMeter('my-app') of @opentelemetry/api, or left out; it has no ${missing.join(', ')}`);
  return meter;
}

/** A report hook is a function, or left out. */
function checkHook(name: 'onError' | 'onRevoke', hook: unknown, example: string): void {
  if (hook === undefined || hook === null || typeof hook === 'function') return;
  throw invalid(`${name} must be a function, such as ${example}, or left out (got ${typeof hook})`);
}

function checkOriginless(value: unknown): 'allow' | 'refuse' {
  if (value === undefined || value === 'allow' || value === 'refuse') return value ?? 'allow';
  throw invalid(`requestsWithoutOrigin must be 'allow' or 'refuse' (got ${JSON.stringify(value)})`);
}

/**
 * `onError` when none is given: the server's standard error, which is the log the answers' "see the
 * server log" points at. The report (`{ code, viewerId?, sessionId? }`) first, then the error.
 */
function logToStandardError(error: unknown, report: EndpointErrorReport): void {
  console.error('svc-embed session endpoint:', report, error);
}

/** Calls a report hook (`onError`, `onRevoke`); a throwing hook must not turn an answer into a crash. */
function reportSafely(call: () => void): void {
  try {
    call();
  } catch {
    // The report is a courtesy: the answer goes out regardless.
  }
}
