/**
 * Who may send actions and receive events: a list of exact origins (`https://customer.example`), or a
 * predicate called with the origin of each message. The opaque origin `null` is never allowed.
 */
export type HostOrigins = readonly string[] | ((origin: string) => boolean);

/** Turns {@link HostOrigins} into an exact test; a predicate that throws counts as a refusal. */
export function originMatcher(allowed: HostOrigins): (origin: string) => boolean {
  return (origin) => {
    try {
      return origin !== 'null' && (typeof allowed === 'function' ? allowed(origin) === true : allowed.includes(origin));
    } catch {
      return false;
    }
  };
}

/**
 * The origin of the page this frame is embedded in: `location.ancestorOrigins`, else `document.referrer`.
 * Firefox lists a parent that framed us with `referrerpolicy="no-referrer"` as `"null"`: that says
 * nothing, so the referrer is asked next (empty under that policy too, in which case it is unknown).
 */
function framingOrigin(win: Window): string | undefined {
  const ancestor = win.location?.ancestorOrigins?.[0];
  if (ancestor && ancestor !== 'null') return ancestor;
  try {
    return new URL(win.document.referrer).origin;
  } catch {
    return undefined;
  }
}

/** What {@link hostTarget} decides from: the frame's config (`FrameConfig`) has these. */
interface HostFraming {
  /** The `hostOrigins` option. */
  hostOrigins: HostOrigins;
  /** Its exact test, from {@link originMatcher}. */
  isAllowed: (origin: string) => boolean;
  /** The frame's window. */
  window: Window;
}

/**
 * The target origin of every event: the one allowed origin, or with several (or a predicate) the
 * framing origin when it is allowed; `undefined` when it cannot be determined (then nothing is sent).
 */
export function hostTarget(framing: HostFraming): string | undefined {
  const { hostOrigins, isAllowed, window: win } = framing;
  if (typeof hostOrigins !== 'function' && hostOrigins.length === 1) return hostOrigins[0];
  const origin = framingOrigin(win);
  return origin && isAllowed(origin) ? origin : undefined;
}
