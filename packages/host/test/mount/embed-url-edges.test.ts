// The id's parameter name: `sessionId` for the chat surface (`/embed/chat`) only; every other embed
// path, even one that starts like it, takes `session` (README, mintSessionId). A publicId must be a
// string (JavaScript callers can pass anything).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createEmbed } from '../../src/index.js';
import { flush, setup, TENANT } from '../support/helpers.js';

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

describe('publicId', () => {
  it('a number, even one whose text is a valid id, is refused as invalid-option', () => {
    const make = () => createEmbed({ mode: 'private', baseUrl: TENANT, publicId: 42 as unknown as string, container: document.createElement('div') });
    expect(make).toThrow(expect.objectContaining({ code: 'invalid-option', message: expect.stringContaining('(got 42)') }));
  });
});
