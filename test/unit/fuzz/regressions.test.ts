// Failures found by the generated tests, kept as plain cases so they stay fixed whatever the seed.
import { checkActionPayload, checkEventPayload, parseActionMessage, parseEventMessage } from '@svc-embed/protocol';
import { createFrame } from '@svc-embed/frame';
import { describe, expect, it, vi } from 'vitest';

/** A message whose `type` answers `first`, `second`, `first`... on successive reads (time of check vs time of use). */
function flipping(message: Record<string, unknown>, first: string, second: string) {
  let reads = 0;
  return Object.defineProperty({ ...message }, 'type', { enumerable: true, get: () => (reads++ % 2 ? second : first) });
}

describe('protocol parse reads the type once (found by hostile-host, seed 0x5eed4057)', () => {
  it('does not check an ai-query message under the dashboard-loaded schema', () => {
    const data = flipping(
      { source: 'svc-embed', direction: 'event', timestamp: 1, surface: 'dashboard', payload: {} },
      'svc:event:ai-query', 'svc:event:dashboard-loaded',
    );
    const result = parseEventMessage(data);
    // Before the fix: ok, type svc:event:ai-query, payload {} (checked as dashboard-loaded), so the
    // host called its ai-query listener with a payload that has no query and no status.
    if (result.ok) expect(checkEventPayload(result.message.type.slice('svc:event:'.length) as 'ai-query', result.message.payload).ok).toBe(true);
    expect(result).toMatchObject({ ok: false, reason: 'invalid', field: 'payload.query' });
  });

  it('does not let a set-session message through with a refresh payload', () => {
    const data = flipping({ source: 'svc-embed', direction: 'action', timestamp: 1, payload: { sessionId: 's-1' } }, 'svc:action:set-session', 'svc:action:refresh');
    const result = parseActionMessage(data);
    if (result.ok) expect(checkActionPayload(result.message.type.slice('svc:action:'.length) as 'set-session', result.message.payload).ok).toBe(true);
  });

  it('so the frame never exchanges an id that is not a string', async () => {
    const exchange = vi.fn(() => ({ expiresAt: Date.now() + 3_600_000 }));
    const parent = { postMessage: vi.fn() };
    const win = Object.assign(new EventTarget(), { parent, document: Object.assign(new EventTarget(), { referrer: '' }), location: {} });
    const frame = createFrame({
      surface: 'dashboard', mode: 'signed', hostOrigins: ['https://customer.example'],
      session: { expiresAt: Date.now() + 3_600_000, exchange }, window: win as unknown as Window,
    });
    const data = flipping({ source: 'svc-embed', direction: 'action', timestamp: 1, payload: { sessionId: 's-1' } }, 'svc:action:set-session', 'svc:action:refresh');
    expect(() => win.dispatchEvent(new MessageEvent('message', { data, origin: 'https://customer.example', source: parent as never }))).not.toThrow();
    await new Promise((resolve) => setImmediate(resolve));
    for (const [id] of exchange.mock.calls as unknown as [unknown][]) expect(typeof id).toBe('string');
    frame.destroy();
  });
});
