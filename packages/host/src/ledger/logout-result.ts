/** Result of a logout: the ids revoked, and those whose revocation failed with the error it gave. */
export interface LogoutResult {
  /** Ids whose revocation succeeded, those revoked early because they arrived too late to be used among them. */
  revoked: string[];
  /**
   * Ids whose revocation threw, rejected, or resolved with a failed HTTP answer (a `Response` whose
   * `ok` is false: an `EmbedError` with code `revoke-failed` naming the status), each with that error.
   */
  failed: { sessionId: string; error: unknown }[];
}
