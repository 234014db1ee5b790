// `<svc-embed keep-alive="reports">`: the element's embed kept alive across its removal (issue 42),
// opt in: `enableKeepAlive()` (or the script file svc-embed-element-keep-alive.min.js) brings the
// keep-alive room; a page that does not call it carries none of it.
import { keepAlive, keptIn, keptSettings, type KeepAliveOptions } from '../keep-alive/keep-alive.js';
import { elementKeeper } from './element-embed.js';

/**
 * Enables the `keep-alive` attribute of `<svc-embed>` (call it once, before or after the elements
 * are in the page). An element with `keep-alive="reports"` keeps its iframe in a slot at the end of
 * `<body>` laid over the element (in every engine: a framework removes the element before it can say
 * so), and parks its embed when it leaves the page instead of ending it: its session and renewal go
 * on, its ids stay in the ledger, its iframe is hidden. The next `<svc-embed keep-alive="reports">`
 * with the same `base-url`, surface, session and `ledger` adopts it: nothing minted, nothing loaded,
 * `ready` at once (`svc-ready` dispatched a task later), the dashboard where the viewer left it. Its bounds are `keepAlive`'s, shared with
 * `createEmbed`'s kept embeds: `keep-alive-max` (default 3) and `keep-alive-idle-ms` (default 600000).
 * @example
 * import { enableKeepAlive } from '@svc-embed/host/element';
 * enableKeepAlive();
 */
export function enableKeepAlive(): void {
  elementKeeper.make = (owner, context) => keptIn({ settings: keptSettings(keepAlive(owner.getAttribute('keep-alive') ?? '', boundsOf(owner))), context, overlay: true });
}

/** The bounds an element's attributes give (`keep-alive-max`, `keep-alive-idle-ms`), as numbers; `keepAlive` checks them. */
function boundsOf(element: Element): KeepAliveOptions {
  const number = (name: string) => {
    const value = element.getAttribute(name);
    return value === null ? undefined : Number(value);
  };
  return { idleMs: number('keep-alive-idle-ms'), max: number('keep-alive-max') };
}
