// Importing the frame in Node (no window, no document) must work: no DOM access at import time.
import { expect, test } from 'vitest';

test('the package imports without a DOM and exports its public names', async () => {
  expect(typeof (globalThis as { window?: unknown }).window).toBe('undefined');
  expect(typeof (globalThis as { document?: unknown }).document).toBe('undefined');
  const frame = await import('../src/index.js');
  expect(Object.keys(frame).sort()).toEqual(
    ['EXCHANGE_TIMEOUT_MS', 'FRAME_ERROR_CODES', 'FrameError', 'MAX_TIMEOUT_MS', 'SESSION_WARNING_MS', 'createFrame', 'sessionSchedule'].sort(),
  );
  expect(frame.sessionSchedule(0, 10, 5)).toEqual({ state: 'active', delayMs: 5 });
});

test('createFrame without a window throws a clear invalid-option error', async () => {
  const { createFrame, FrameError } = await import('../src/index.js');
  let thrown: unknown;
  try {
    createFrame({ surface: 'dashboard', mode: 'private', hostOrigins: ['https://customer.example'] });
  } catch (error) {
    thrown = error;
  }
  expect(thrown).toBeInstanceOf(FrameError);
  expect(thrown).toMatchObject({ code: 'invalid-option', message: 'window must be passed when there is no global window (got undefined)' });
});
