/**
 * Receives debug output: `event` is `in`, `out`, `drop`, `retry`, `renew`, `revoke` or `limit` (a
 * mint refused by a `mintLimit`), followed by the message or the reason.
 */
export type DebugLogger = (event: string, ...details: unknown[]) => void;
