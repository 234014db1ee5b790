/** The longest in-embed path the protocol accepts, in characters. */
export const MAX_EMBED_PATH_LENGTH = 2048;

/**
 * True when `value` is an in-embed path the `navigate` action may carry: a single leading `/`, then
 * no second `/` or a `\` at the start (either would make it a link to another site), no control
 * characters, at most {@link MAX_EMBED_PATH_LENGTH} characters. A scheme (`https://…`,
 * `javascript:…`) cannot pass, since the path must start with `/`. Check any path that comes from
 * outside, such as a query parameter of the host page, before sending it.
 * @example isEmbedPath('/orders?tab=2') // true
 * @example isEmbedPath('//evil.example/x') // false
 */
export function isEmbedPath(value: unknown): boolean {
  return (
    typeof value === 'string' &&
    value.length <= MAX_EMBED_PATH_LENGTH &&
    /^\/(?![/\\])[^\u0000-\u001f\u007f-\u009f]*$/.test(value)
  );
}
