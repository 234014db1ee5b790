// The endpoint's figures, summed as status() shows them: revoke calls of each outcome whether
// first or retried, and the retries of either outcome.
import { describe, expect, it } from 'vitest';
import { createEndpointFigures, endpointStatus } from '../../src/metrics/endpoint-figures.js';

describe('the endpoint figures', () => {
  it('sums revoke calls over first calls and retries, for each outcome', async () => {
    const figures = createEndpointFigures(() => 0);
    figures.revokeCall({ outcome: 'revoked', retry: false });
    figures.revokeCall({ outcome: 'revoked', retry: true });
    figures.revokeCall({ outcome: 'revoked', retry: true });
    figures.revokeCall({ outcome: 'failed', retry: false });
    figures.revokeCall({ outcome: 'failed', retry: true });
    const status = await endpointStatus({ figures, readPending: async () => null, unrecorded: () => 0 });
    expect(status.revokeCalls).toEqual({ revoked: 3, failed: 2, retries: 3 });
  });
});
