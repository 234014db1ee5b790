/**
 * Where a frame stands, changed in one place (`enter` in `createFrame`):
 * - `loading`: every event is held until `ready()`;
 * - `auth-failed`: after `authFailed()`, until an exchange works: errors go out at once, the rest is held;
 * - `ready`: everything goes out at once;
 * - `destroyed`: nothing is listened to or sent any more.
 */
export type FramePhase = { name: 'loading' } | { name: 'auth-failed' } | { name: 'ready' } | { name: 'destroyed' };
