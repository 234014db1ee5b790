// The id's parameter name: `sessionId` for the chat surface (`/embed/chat`) only; every other embed
// path, even one that starts like it, takes `session` (README, mintSessionId).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { flush, setup, TENANT } from './helpers.js';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('the session parameter of a src', () => {
  it.each([
    [`${TENANT}/embed/chat/`, 'sessionId'],
    [`${TENANT}/embed/chatroom`, 'session'],
    [`${TENANT}/embed/chat/history`, 'session'],
  ])('%s takes %s', async (src, parameter) => {
    const { embed } = setup({ publicId: undefined, src, mintSessionId: () => 's-9' });
    await flush();
    expect([...new URL(embed.iframe.src).searchParams.keys()]).toEqual([parameter]);
  });
});
