import { systemClock } from './clock.js';

const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;
/** Session ids are single use and live 5 minutes (service-api.md §8). */
export const SESSION_ID_LIFETIME_MS = 5 * MINUTE_MS;
/** Signed sessions are minted for 24 h (SERVICE-NOTES.md). */
export const SESSION_LIFETIME_MS = 24 * HOUR_MS;
/** The embed warns about 30 minutes before the session stops working (§6.2). */
export const SESSION_WARNING_MS = 30 * MINUTE_MS;
/** Largest request body the emulator reads. */
export const MAX_BODY_BYTES = 64 * 1024;

/**
 * @typedef {object} ApiKey
 * @property {string} key The secret sent as `Bearer <key>` or `Api-Key <key>`.
 * @property {number[]} [deployments] Deployments the key may mint for; absent: every deployment.
 */

/**
 * @typedef {object} EmulatorOptions
 * @property {number} [port] TCP port; 0 (default) picks a free one.
 * @property {string} [hostname] Host name of the emulator's URL: `127.0.0.1` (default), `localhost`
 *   (listens on 127.0.0.1 and ::1) or `[::1]`.
 * @property {Array<string | ApiKey>} [apiKeys] Accepted API keys (default: `['emulator-dev-key']`).
 * @property {string[]} [hostOrigins] Origins allowed to frame the embedded surfaces; they form the
 *   `Content-Security-Policy: frame-ancestors` list and the frame's allowed host origins. Empty
 *   (default): `frame-ancestors 'none'`.
 * @property {number} [sessionLifetimeMs] Nominal lifetime of a signed session token (default 24 h).
 * @property {number} [trustMarginMs] How long before the nominal expiry the embed stops trusting the
 *   token (default: lifetime / 24, so 1 h of a 24 h token and about 23 h of use).
 * @property {number} [sessionWarningMs] Lead of `session-expiring` before the session stops working
 *   (default 30 minutes, capped at half the usable lifetime).
 * @property {number} [sessionIdLifetimeMs] Lifetime of an unredeemed session id (default 5 minutes).
 * @property {{ now(): number }} [clock] Clock for every expiry rule (default: the wall clock).
 * @property {boolean} [allowPrivate] Serve the private-mode URL (no session) as if the viewer were
 *   signed in to the service (default true).
 * @property {string} [embedTenant] Tenant reported when a session names none (default null).
 * @property {string} [frameScript] Path of the frame IIFE to serve (default: the script-tag build of
 *   `@svc-embed/frame`).
 * @property {number} [aiLatencyMs] Simulated thinking time of the AI answer endpoint (default 300).
 * @property {(line: string) => void} [log] Request log sink (default: none).
 */

/**
 * Fills in defaults and checks the options, with messages that say what to fix.
 * @param {EmulatorOptions} options
 */
export function normalizeOptions(options = {}) {
  const lifetime = options.sessionLifetimeMs ?? SESSION_LIFETIME_MS;
  positive('sessionLifetimeMs', lifetime);
  const margin = options.trustMarginMs ?? Math.round(lifetime / 24);
  if (!Number.isFinite(margin) || margin < 0 || margin >= lifetime)
    throw new TypeError(`trustMarginMs must be at least 0 and below sessionLifetimeMs (got ${margin})`);
  const usable = lifetime - margin;
  const warning = Math.min(options.sessionWarningMs ?? SESSION_WARNING_MS, Math.floor(usable / 2));
  const idLifetime = options.sessionIdLifetimeMs ?? SESSION_ID_LIFETIME_MS;
  positive('sessionIdLifetimeMs', idLifetime);
  const hostname = options.hostname ?? '127.0.0.1';
  return {
    port: options.port ?? 0,
    hostname,
    apiKeys: (options.apiKeys ?? ['emulator-dev-key']).map(normalizeKey),
    hostOrigins: (options.hostOrigins ?? []).map(normalizeOrigin),
    sessionLifetimeMs: lifetime,
    trustMarginMs: margin,
    sessionWarningMs: warning,
    sessionIdLifetimeMs: idLifetime,
    clock: options.clock ?? systemClock,
    allowPrivate: options.allowPrivate ?? true,
    embedTenant: options.embedTenant ?? null,
    frameScript: options.frameScript,
    aiLatencyMs: options.aiLatencyMs ?? 300,
    log: options.log ?? (() => {}),
  };
}

/** @typedef {ReturnType<typeof normalizeOptions>} ResolvedOptions */

/** @param {string} name @param {number} value */
function positive(name, value) {
  if (!Number.isFinite(value) || value <= 0) throw new TypeError(`${name} must be a positive number of ms (got ${value})`);
}

/** @param {string | ApiKey} entry @returns {ApiKey} */
function normalizeKey(entry) {
  const key = typeof entry === 'string' ? { key: entry } : entry;
  if (!key || typeof key.key !== 'string' || key.key.length < 8 || /\s/.test(key.key))
    throw new TypeError('each API key must be a string of at least 8 characters without spaces');
  if (key.deployments !== undefined && !(Array.isArray(key.deployments) && key.deployments.every(Number.isInteger)))
    throw new TypeError(`deployments of an API key must be an array of integers (got ${JSON.stringify(key.deployments)})`);
  return key;
}

/** @param {string} origin */
export function normalizeOrigin(origin) {
  let url;
  try {
    url = new URL(origin);
  } catch {
    throw new TypeError(`host origin must be an absolute URL such as http://127.0.0.1:4300 (got ${JSON.stringify(origin)})`);
  }
  if (url.origin === 'null' || url.origin !== origin.replace(/\/$/, ''))
    throw new TypeError(`host origin must be scheme://host[:port] without a path (got ${JSON.stringify(origin)})`);
  return url.origin;
}
