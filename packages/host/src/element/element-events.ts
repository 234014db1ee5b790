import { eventName } from '@svc-embed/protocol';
import type { Embed } from '../embed.js';
import type { EmbedStateChange } from '../renewal/embed-state.js';

/**
 * Re-dispatches the embed's events on the element, bubbling and composed: `svc-<name>` for every
 * event from the embed (its payload as `detail`), and `svc-renewed`, `svc-renewal-failed`.
 */
export function redispatchEvents(element: HTMLElement, embed: Embed): void {
  const dispatch = (type: string, detail: unknown) => element.dispatchEvent(new CustomEvent(`svc-${type}`, { detail, bubbles: true, composed: true }));
  embed.on('*', (payload, message) => dispatch(eventName(message.type), payload));
  embed.on('renewed', (info) => dispatch('renewed', info));
  embed.on('renewal-failed', (info) => dispatch('renewal-failed', info));
}

/**
 * Reflects `embed.state` as the element's `state` attribute, for a placeholder or an error shown with
 * CSS alone, and, while it is `failed`, the error's code as its `error-code` attribute
 * (`svc-embed[error-code="endpoint-unauthorized"]`).
 */
export function reflectState(element: HTMLElement, embed: Embed): void {
  const reflect = ({ state, error }: Pick<EmbedStateChange, 'state' | 'error'>) => {
    element.setAttribute('state', state);
    if (error) element.setAttribute('error-code', error.code);
    else element.removeAttribute('error-code');
  };
  reflect({ state: embed.state });
  embed.on('state', reflect);
}
