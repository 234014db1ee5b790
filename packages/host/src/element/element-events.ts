import type { Embed } from '../embed.js';

/**
 * Re-dispatches the embed's events on the element, bubbling and composed: `svc-<name>` for every
 * event from the embed (its payload as `detail`), and `svc-renewed`, `svc-renewal-failed`.
 */
export function redispatchEvents(element: HTMLElement, embed: Embed): void {
  const dispatch = (type: string, detail: unknown) => element.dispatchEvent(new CustomEvent(`svc-${type}`, { detail, bubbles: true, composed: true }));
  embed.on('*', (payload, message) => dispatch(message.type.slice(message.type.lastIndexOf(':') + 1), payload));
  embed.on('renewed', (info) => dispatch('renewed', info));
  embed.on('renewal-failed', (info) => dispatch('renewal-failed', info));
}

/** Reflects `embed.state` as the element's `state` attribute, for a placeholder or an error shown with CSS alone. */
export function reflectState(element: HTMLElement, embed: Embed): void {
  element.setAttribute('state', embed.state);
  embed.on('state', ({ state }) => element.setAttribute('state', state));
}
