import type { Scope } from '@svc-embed/runtime';
import { DEV } from '../base/dev-mode.js';
import { EmbedError } from '../base/errors.js';

/** What {@link watchFramePolicy} needs. */
interface FramePolicyWatch {
  /** The page's window: its own policy's violations are fired at its document, and reach the window. */
  window: Window;
  /** The tenant origin: only a refusal to frame it counts. */
  origin: string;
  /** The embed's scope: `destroy()` removes the listener. */
  scope: Scope;
  /** Called with `csp-blocked`, naming the directive and the value to add. */
  blocked: (error: EmbedError) => void;
}

/**
 * Listens for the page's own Content Security Policy refusing to frame the tenant: the
 * `securitypolicyviolation` event the browser fires at the page for its `frame-src` (or `child-src`,
 * or `default-src` without those), whose blocked URL is on the tenant origin. The iframe then shows
 * the browser's error page and would never send `ready`: the load fails at once with `csp-blocked`
 * instead of 30 s later, naming what to add. Other violations are the page's own business, and so
 * is an event a page script dispatched (`isTrusted` false): only the browser's own report counts.
 */
export function watchFramePolicy(watch: FramePolicyWatch): void {
  const { origin } = watch;
  watch.scope.listen(watch.window, 'securitypolicyviolation', (event: SecurityPolicyViolationEvent) => {
    const { effectiveDirective: directive } = event;
    // `blockedURI` is the URL, or only its origin: "https://tenant.example" must not match "https://tenant.example.evil".
    if (!event.isTrusted || !/^(frame|child)-src$/.test(directive) || !`${event.blockedURI}/`.startsWith(`${origin}/`)) return;
    watch.blocked(new EmbedError('csp-blocked', DEV ? `this page's Content-Security-Policy blocked ${origin}: add it to ${directive}` : [origin, directive]));
  });
}
