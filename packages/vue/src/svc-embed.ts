import { defineComponent, h } from 'vue';
import { SVC_EMBED_EMITS, emitName } from './embed-events.js';
import { SVC_EMBED_PROPS } from './svc-embed-props.js';
import { embedIn } from './use-embed.js';

/**
 * Embeds a surface of the service: a `<div>` whose iframe the SDK creates once mounted in the
 * browser, and destroys on unmount. Every `createEmbed` setting is a prop, every event an emit
 * (`@ready`, `@download`, `@dashboard-loaded`, `@session-expiring`, `@renewal-failed` …, typed by
 * name); a template ref gives `embed` (actions, `renewSession`, `logout`), `state` and `signedOut`.
 * See `useEmbed` for what recreates the embed.
 * @example
 * <SvcEmbed base-url="https://tenant.example" public-id="d-42" session-endpoint="/api/embed-session"
 *   style="height: 640px" @download="(payload) => toast(`exported ${payload.format}`)" />
 */
export const SvcEmbed = defineComponent({
  name: 'SvcEmbed',
  props: SVC_EMBED_PROPS,
  emits: SVC_EMBED_EMITS,
  setup(props, { emit }) {
    const relay = emit as (event: string, ...args: unknown[]) => void;
    // Its container, embed, state and signedOut: the template ref's, and the render's.
    return embedIn(() => props, (name, ...args) => relay(emitName(name), ...args));
  },
  render() {
    // The embed's state, and signed out (the container stays, empty), marked for styles.
    return h('div', { ref: 'container', 'data-state': this.state, 'data-signed-out': this.signedOut ? '' : undefined });
  },
});
