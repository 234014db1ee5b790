import type { DebugLogger } from '../base/debug-logger.js';
import { closestName } from '../base/closest-name.js';
import { DEV } from '../base/dev-mode.js';
import { EmbedError } from '../base/errors.js';
import { checkSessionEndpoint, sessionCallbacks, type SessionCallbacks } from '../endpoint/session-endpoint.js';
import { createSessionLedger, type SessionLedger } from '../ledger/session-ledger.js';
import type { MintBudget } from '../ledger/mint-limit.js';
import { EMBED_OPTION_NAMES, type EmbedOptions } from './embed-options.js';
import { embedUrl } from './embed-url.js';
import { tenantOrigin } from './tenant-origin.js';
import { checkTimeZone } from './time-zone-check.js';

/** What `createEmbed` works with once its options are checked and their defaults filled in. */
export interface EmbedContext {
  /** The options as given. */
  options: EmbedOptions;
  /** The page's window: messages, timers, wake-ups. */
  window: Window;
  /** The document the iframe is created in. */
  document: Document;
  /** The clock, epoch ms. */
  now: () => number;
  /** The debug logger (a no-op unless `debug`). */
  log: DebugLogger;
  /** The tenant origin. */
  origin: string;
  /** The URL the iframe loads without a session id, when `publicId` or `src` gives one. */
  url: string | undefined;
  /** How to mint and revoke ids: the page's callbacks, or its session endpoint's (with the endpoint). */
  callbacks: SessionCallbacks;
  /** The viewer's ledger: the `ledger` option, default a ledger of this embed alone. */
  ledger: SessionLedger;
  /** `readyTimeoutMs`, default 30 s (0 waits forever). */
  readyTimeoutMs: number;
  /** `mintTimeoutMs`, default 10 s. */
  mintTimeoutMs: number;
  /** Attempts per mint-and-send (`maxAttempts`, default 4) and the first backoff (`retryDelayMs`, default 1 s). */
  retry: { attempts: number; delayMs: number };
  /** The embed's mint budget when its owner keeps one across the embeds it makes (`<svc-embed>`); else made from `mintLimit`. */
  mintBudget?: MintBudget;
}

const noop = () => {};

/**
 * Refuses options with no place or nothing to load, naming the missing option: with neither
 * `container` nor `iframe` there is nowhere to put the embed, and a created iframe with neither
 * `publicId` nor `src` would load nothing and only fail `ready` 30 s later. (A wrapped iframe may
 * keep its own `src`; a `publicId` or `src` that is given is checked by `embedUrl`.)
 * @throws {EmbedError} `invalid-option`
 */
function checkPlaceAndSurface(options: EmbedOptions): void {
  const { container, iframe, publicId, src } = options;
  if (!iframe && !container) throw new EmbedError('invalid-option', DEV ? 'give container or iframe' : ['container', 'iframe']);
  if (!iframe && publicId === undefined && !src) throw new EmbedError('invalid-option', DEV ? 'give publicId or src' : ['publicId', 'src']);
}

/**
 * Refuses a `lazy`, `timings`, `firstSession` or `keepAlive` that no function made (`lazy: true`, say): each takes what a function
 * of `@svc-embed/host` makes, so that an app that does not use it does not carry it.
 * @throws {EmbedError} `invalid-option`
 */
function checkMadeOptions(options: EmbedOptions): void {
  for (const name of ['lazy', 'timings', 'firstSession', 'keepAlive'] as const) {
    const value: unknown = options[name];
    // Which function makes it is a development sentence: production names the option and the value alone.
    if (value !== undefined && typeof value !== 'function')
      throw new EmbedError('invalid-option', DEV ? `${name} takes ${{ lazy: 'whenVisible()', timings: 'recordTimings()', firstSession: 'sessionFromPage()', keepAlive: 'keepAlive(key)' }[name]} from @svc-embed/host (got ${JSON.stringify(value)})` : [name, value]);
  }
}

/** `: did you mean <the nearest option name>?`, or nothing when none is near. */
function didYouMean(name: string): string {
  const near = closestName(name, EMBED_OPTION_NAMES);
  return near ? `: did you mean ${near}?` : '';
}

/**
 * Refuses an option name `createEmbed` does not know, naming the nearest one it knows (development): a typo
 * (`sessionEndPoint`) would otherwise leave the option out in silence (an unsigned embed).
 * @throws {EmbedError} `invalid-option`
 */
function checkOptionNames(options: EmbedOptions): void {
  for (const name of Object.keys(options)) {
    if (EMBED_OPTION_NAMES.includes(name)) continue;
    // The suggestion is a development aid: production names the option alone (no closestName in its script).
    throw new EmbedError('invalid-option', DEV ? `createEmbed has no option ${name}${didYouMean(name)}` : [name]);
  }
}

/**
 * Refuses an embed that says neither how it is signed nor that it is private, or says both: a
 * forgotten session option must not embed unsigned in silence.
 * @throws {EmbedError} `invalid-option`
 */
function checkMode(options: EmbedOptions): void {
  const { mode } = options;
  const signed = options.sessionEndpoint !== undefined || options.mintSessionId !== undefined;
  if (mode === undefined ? signed : mode === 'private' && !signed) return;
  // One sentence for the three refusals (neither, both, another mode): it says what to write.
  throw new EmbedError('invalid-option', DEV
      ? `give sessionEndpoint (or mintSessionId and revokeSessionId) for a signed embed, or mode: 'private' for one without a session (got mode ${JSON.stringify(mode)}${signed ? ' and a session option' : ''})`
      : ['mode', mode ?? null, signed]);
}

/**
 * Checks the options that can be checked before anything is created, and fills in the defaults.
 * @throws {EmbedError} `invalid-option`
 */
export function resolveEmbedContext(options: EmbedOptions): EmbedContext {
  const { debug, window: win = globalThis.window } = options;
  if (!win) throw new EmbedError('invalid-option', DEV ? 'no window: call createEmbed in the browser, or pass the window option' : ['window']);
  const log = typeof debug === 'function' ? debug : debug ? console.debug.bind(console, '[svc-embed]') : noop;
  checkOptionNames(options);
  const origin = tenantOrigin(options.baseUrl);
  checkPlaceAndSurface(options);
  if (options.timezone) checkTimeZone(options.timezone, 'invalid-option');
  checkMadeOptions(options);
  if (options.sessionEndpoint !== undefined) checkSessionEndpoint(options.sessionEndpoint, win);
  const url = embedUrl({ options, origin });
  checkMode(options);
  return {
    options, window: win, document: options.document ?? win.document, now: options.now ?? Date.now, log, origin,
    url,
    callbacks: sessionCallbacks(options, win),
    ledger: options.ledger ?? createSessionLedger(),
    readyTimeoutMs: options.readyTimeoutMs ?? 30_000,
    mintTimeoutMs: options.mintTimeoutMs ?? 10_000,
    retry: { attempts: options.maxAttempts ?? 4, delayMs: options.retryDelayMs ?? 1_000 },
  };
}
