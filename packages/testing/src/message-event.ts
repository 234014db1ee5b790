/**
 * A `message` event from `source` with `origin`, as a window receives one from a frame or its parent.
 * The source is set after construction: jsdom's `MessageEvent` accepts only real windows and ports
 * as `source`, and the kit's stand-ins are neither.
 */
export function messageFrom(init: { data: unknown; origin: string; source: unknown }): MessageEvent {
  const event = new MessageEvent('message', { data: init.data, origin: init.origin });
  Object.defineProperty(event, 'source', { value: init.source });
  return event;
}
