/**
 * The rule for a viewer's id, the key of their ledger: a non-empty, well-formed string of at most
 * {@link MAX_VIEWER_ID_LENGTH} UTF-16 code units, without control characters. A lone surrogate is
 * written to Redis as U+FFFD, so two such ids would share one ledger (and, on a cluster, the client
 * and the server would put it in different hash slots); a control character or a very long id has
 * no place in a key or a log line.
 */

/** The longest viewer id, in UTF-16 code units (`id.length`). */
export const MAX_VIEWER_ID_LENGTH = 256;

/** Control characters (C0, DEL, C1) and lone surrogates: a paired surrogate is one code point, no match. */
const REFUSED_CHARACTERS = /[\p{Cc}\p{Cs}]/u;

/** Why `id` cannot key a ledger, for people; `null` when it can. */
export function viewerIdProblem(id: string): string | null {
  if (id.length === 0) return 'it is empty';
  if (id.length > MAX_VIEWER_ID_LENGTH) return `it is ${id.length} UTF-16 code units long, over the limit of ${MAX_VIEWER_ID_LENGTH}`;
  const refused = REFUSED_CHARACTERS.exec(id);
  if (refused) return `it holds ${describeCharacter(refused[0])} at index ${refused.index}`;
  return null;
}

function describeCharacter(character: string): string {
  const code = `U+${(character.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;
  return /\p{Cs}/u.test(character) ? `a lone surrogate (${code}), which is not well-formed UTF-16` : `a control character (${code})`;
}
