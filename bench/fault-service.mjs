// The service of the fault run: the emulator (minting and revoking over its HTTP API, with its
// records of each), behind the customer's two calls as a backend writes them, made to fail: a
// seeded share of revocations fails, half of them before the service acted (a 503) and half after it
// revoked (the answer lost); every mint waits a seeded moment first, so sign-outs race it.
import { createHash } from 'node:crypto';
import { createPlatformClient } from '@svc-embed/platform';

/**
 * Seeded draws in [0, 1): draw n is read from the SHA-256 of `<seed>:<n>`, so the same seed gives
 * the same draws in the same order, and seeds are independent of each other.
 */
export function seededRandom(seed) {
  let drawn = 0;
  return () => {
    const digest = createHash('sha256').update(`${seed}:${drawn}`).digest();
    drawn += 1;
    return digest.readUInt32BE(0) / 2 ** 32;
  };
}

const delay = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The endpoint's `mint` and `revoke` on the emulator, with failures: `revokeFailure` of the calls
 * fail (half before reaching the service, half after it revoked); each mint first waits up to
 * `mintDelayMs`. `calls` counts the endpoint's calls of revoke per id, reached or not.
 */
export function flakyService({ emulator, apiKey, random, revokeFailure, mintDelayMs }) {
  const client = createPlatformClient({ baseUrl: emulator.url, apiKey });
  const calls = new Map();
  const failures = { before: 0, after: 0 };
  const revokeAtService = async (sessionId) => {
    const response = await fetch(`${emulator.url}/api/v1/embed/sessions/${encodeURIComponent(sessionId)}`, { method: 'DELETE', headers: { Authorization: `Bearer ${apiKey}` } });
    if (!response.ok) throw new Error(`revocation answered HTTP ${response.status}`);
  };
  return {
    calls,
    failures,
    mint: async (viewer) => {
      await delay(random() * mintDelayMs);
      return client.generateEmbedSessionId({ deploymentId: 42, externalId: viewer.id });
    },
    revoke: async (sessionId) => {
      calls.set(sessionId, (calls.get(sessionId) ?? 0) + 1);
      const draw = random();
      if (draw < revokeFailure / 2) {
        failures.before += 1;
        throw new Error('the service answered 503 (fault injected before it acted)');
      }
      await revokeAtService(sessionId);
      if (draw < revokeFailure) {
        failures.after += 1;
        throw new Error('the answer was lost after the service revoked (fault injected)');
      }
    },
  };
}
