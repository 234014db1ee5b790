import type { Scope } from '@svc-embed/runtime';
import { DEV } from '../base/dev-mode.js';
import { EmbedError } from '../base/errors.js';

/** What {@link watchFramePolicy} needs. */
interface FramePolicyWatch {
  /** The page's window: its own policy's violations are fired at its document, and reach the window. */
  window: Window;
  /** The tenant origin: only a refusal to frame it counts. */
  origin: string;
  /** The session endpoint's URL (resolved against the page's), when ids come from one: a refusal to fetch it counts too. */
  endpoint?: string;
  /** The embed's scope: `destroy()` removes the listener. */
  scope: Scope;
  /** Called with `csp-blocked`, naming the directive and the value to add. */
  blocked: (error: EmbedError) => void;
  /** Called with `csp-blocked` for the session endpoint: `connect-src`, and the origin to add. */
  endpointBlocked: (error: EmbedError) => void;
}

/** Whether a violation's blocked URL is `url` or below it: "https://tenant.example" must not match "https://tenant.example.evil". */
const within = (blockedURI: string, url: string) => `${blockedURI}/`.startsWith(`${url}/`);

/** `csp-blocked`: the page's policy blocked `url`; add `value` to `directive`. */
const blockedBy = (url: string, value: string, directive: string) =>
  new EmbedError('csp-blocked', DEV ? `this page's Content-Security-Policy blocked ${url}: add ${value === url ? 'it' : value} to ${directive}` : [url, directive]);

/**
 * Listens for the page's own Content Security Policy refusing what the embed needs: framing the
 * tenant (`frame-src`, or `child-src`, or `default-src` without those: the iframe then shows the
 * browser's error page and would never send `ready`), and fetching the session endpoint
 * (`connect-src`, or `default-src` without it: `fetch` fails with a bare `TypeError`). Each is the
 * `securitypolicyviolation` event the browser fires at the page, whose blocked URL is the tenant's
 * (or the endpoint's); the load fails at once with `csp-blocked` instead of 30 s or 4 attempts
 * later, naming the directive and what to add (`requiredCsp` writes both). Other violations are the
 * page's own business, and so is an event a page script dispatched (`isTrusted` false): only the
 * browser's own report counts.
 */
export function watchFramePolicy(watch: FramePolicyWatch): void {
  const { origin, endpoint } = watch;
  const endpointOrigin = endpoint ? new URL(endpoint).origin : '';
  watch.scope.listen(watch.window, 'securitypolicyviolation', (event: SecurityPolicyViolationEvent) => {
    const { effectiveDirective: directive, blockedURI } = event;
    // A report-only policy blocks nothing.
    if (!event.isTrusted || event.disposition === 'report') return;
    if (/^(frame|child)-src$/.test(directive) && within(blockedURI, origin))
      watch.blocked(blockedBy(origin, origin, directive));
    // An engine may strip the blocked URL to its origin, or name default-src when the policy has no connect-src.
    if (endpoint && /^(connect|default)-src$/.test(directive) && (within(blockedURI, endpoint) || blockedURI === endpointOrigin))
      watch.endpointBlocked(blockedBy(endpoint, endpointOrigin, 'connect-src'));
  });
}
