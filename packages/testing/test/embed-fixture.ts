// The embeds the host-side kit tests make: a dashboard in a detached container (happy-dom then loads
// nothing into the iframe), each destroyed after its test with the kit cleaned up.
import { createEmbed, type Embed, type EmbedOptions } from '@svc-embed/host';
import { afterEach, vi } from 'vitest';
import { cleanup } from '../src/index.js';

export const TENANT = 'https://tenant.example';

const embeds: Embed[] = [];
afterEach(() => {
  embeds.splice(0).forEach((embed) => embed.destroy());
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** The options the tests vary; the rest is a dashboard in a detached container. */
export interface VariedOptions {
  container?: Element;
  mintSessionId?: () => Promise<string>;
  revokeSessionId?: (sessionId: string) => Promise<void>;
  mintTimeoutMs?: number;
  readyTimeoutMs?: number;
  maxAttempts?: number;
  baseUrl?: string;
}

/** An embed of dashboard `d-42` on {@link TENANT} with `options`, destroyed after the test. */
export function embedWith(options: VariedOptions = {}): Embed {
  const embed = createEmbed({ baseUrl: TENANT, publicId: 'd-42', container: document.createElement('div'), ...(options.mintSessionId || 'mode' in options ? {} : { mode: 'private' as const }), ...options } as EmbedOptions);
  embeds.push(embed);
  return embed;
}
