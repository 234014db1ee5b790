/**
 * The timers as they were when the kit was loaded: the real ones, since a test fakes timers after its
 * imports (`vi.useFakeTimers()`, `jest.useFakeTimers()`). For the kit's watch on `embed.ready`, which
 * must fire before the runner's own timeout even when the test's timers are fake and stand still.
 */
export const realTimers = {
  setTimeout: globalThis.setTimeout.bind(globalThis),
  clearTimeout: globalThis.clearTimeout.bind(globalThis),
};
