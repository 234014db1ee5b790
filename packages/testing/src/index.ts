import { registerAutomaticCleanup } from './cleanup.js';
import { quietHappyDomIframes } from './happy-dom.js';

export { attachFakeFrame } from './attach-fake-frame.js';
export type { FakeFrame, FakeFrameOptions, ReceivedAction, EmbedOrIframe } from './fake-frame.js';
export { createFakeHost } from './fake-host.js';
export type { FakeHost, FakeHostOptions, ReceivedEvent, ActionSender } from './fake-host.js';
export { createFakeSessions } from './fake-sessions.js';
export type { FakeSessions } from './fake-sessions.js';
export { cleanup } from './cleanup.js';
export { TestKitError } from './errors.js';
export type { TestKitErrorCode } from './errors.js';

// Where the runner has a global afterEach (jest; vitest with globals), clean up after each test.
registerAutomaticCleanup();
// In happy-dom, iframes take their URL without loading a page, so happy-dom prints no
// "Iframe page loading is disabled" error for each embed (unless the test chose an iframe setting).
quietHappyDomIframes();
