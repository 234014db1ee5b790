/** The longest in-embed path the protocol accepts, in characters. */
export const MAX_EMBED_PATH_LENGTH = 2048;

/**
 * What no in-embed path holds: control characters (C0, DEL, C1), Unicode format characters (the
 * bidirectional controls such as U+202E, which show a path other than it is, zero-width characters,
 * U+FEFF), the line and paragraph separators, and lone surrogates (no URL can encode them).
 */
const NOT_IN_PATH = /[\p{Cc}\p{Cf}\p{Cs}\u2028\u2029]/u;

/**
 * True when `value` is an in-embed path the `navigate` action may carry: a single leading `/`, then
 * no second `/` or a `\` at the start (either would make it a link to another site), no control,
 * format or bidirectional characters (see above), at most {@link MAX_EMBED_PATH_LENGTH} characters.
 * A scheme (`https://…`, `javascript:…`) cannot pass, since the path must start with `/`. Check any
 * path that comes from outside, such as a query parameter of the host page or a `navigate` event of
 * the embed, before using it.
 * @example isEmbedPath('/orders?tab=2') // true
 * @example isEmbedPath('//evil.example/x') // false
 * @example isEmbedPath('/report\u202Efdp.exe') // false: a right-to-left override
 */
export function isEmbedPath(value: unknown): boolean {
  return typeof value === 'string' && value.length <= MAX_EMBED_PATH_LENGTH && /^\/(?![/\\])/.test(value) && !NOT_IN_PATH.test(value);
}
