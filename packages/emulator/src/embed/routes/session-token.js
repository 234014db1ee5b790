import { HttpError, readJsonBody, sendJson } from '../../http-io.js';

const REASONS = {
  unknown: 'session id is unknown',
  redeemed: 'session id was already redeemed (ids are single use)',
  expired: 'session id expired (ids live 5 minutes; mint a new one right before use)',
  revoked: 'session id was revoked',
};

/**
 * `POST /api/v1/embed/session/token` `{ sessionId }`: the embedded surface exchanges its id. No
 * credential (the id is one). 200 `{ token, expiresAt, usableUntil, deploymentId, embedTenant }`:
 * the token's nominal expiry, the time the embed stops trusting it, and whom the session is for. 401 `{ error, reason }` for an unknown, redeemed, expired
 * or revoked id; 400 without a `sessionId` string.
 * @type {import('../../router.js').RouteModule}
 */
export default {
  name: 'session-token',
  routes: [
    {
      method: 'POST',
      path: '/api/v1/embed/session/token',
      async handle({ req, res, emulator }) {
        const body = await readJsonBody(req);
        const sessionId = typeof body === 'object' && body !== null ? /** @type {{ sessionId?: unknown }} */ (body).sessionId : undefined;
        if (typeof sessionId !== 'string' || sessionId === '') throw new HttpError(400, 'sessionId is required (a non-empty string)');
        const result = emulator.sessions.exchange(sessionId);
        if (!result.ok) {
          sendJson(res, 401, { error: REASONS[result.reason], reason: result.reason });
          return;
        }
        const { token, expiresAt, usableUntil, claims } = result.record;
        const embedTenant = claims.embedTenantName ?? emulator.options.embedTenant;
        sendJson(res, 200, { token, expiresAt, usableUntil, deploymentId: claims.deploymentId, embedTenant });
      },
    },
  ],
};
