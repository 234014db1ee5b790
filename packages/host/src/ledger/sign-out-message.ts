// The message a tab posts on an endpoint's BroadcastChannel when its viewer signs out there. Any
// page of the origin can post on that channel, so the message can do one thing only: end the embeds
// of the tabs that hear it early. It carries no result: a tab that hears it treats the sign-out as
// pending, and its own `logout()` still signs out through the endpoint.

/** The sign-out message, version 1: `{ type: 'svc-embed:sign-out', version: 1 }`. */
export const SIGN_OUT_MESSAGE = { type: 'svc-embed:sign-out', version: 1 } as const;

/** Whether `data` is the sign-out message: an object with exactly that `type` and `version`. */
export function isSignOutMessage(data: unknown): boolean {
  const message = data as { type?: unknown; version?: unknown } | null | undefined;
  return message?.type === SIGN_OUT_MESSAGE.type && message.version === SIGN_OUT_MESSAGE.version;
}
