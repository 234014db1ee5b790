import { requireApiKey, requireDeploymentScope } from '../../api-key-auth.js';
import { HttpError, sendJson } from '../../http-io.js';

/**
 * The emulator's own revocation and inspection endpoints (the service's are not public), with the
 * same API key as generate-session:
 * - `DELETE /api/v1/embed/sessions/:sessionId` revokes an id. A pending id can no longer be
 *   exchanged; a redeemed id's token stops working for data requests (a running iframe stays up).
 *   204 when revoked, also when it already was (idempotent); 404 `{ error }` for an unknown id.
 * - `GET /api/v1/embed/sessions/:sessionId` returns `{ sessionId, status, mintedAt, idExpiresAt,
 *   redeemedAt?, revokedAt?, expiresAt?, usableUntil?, deploymentId, externalId?, internalId? }` with
 *   `status` one of `pending`, `redeemed`, `expired`, `revoked`.
 * - `POST /api/v1/embed/sessions/:sessionId/expire` makes the id's token lapse now (a development aid
 *   behind "expire now" buttons): 200 with the description, 409 when the id was never redeemed.
 * @type {import('../../router.js').RouteModule}
 */
export default {
  name: 'session-admin',
  routes: [
    {
      method: 'DELETE',
      path: '/api/v1/embed/sessions/:sessionId',
      handle({ req, res, params, emulator }) {
        const record = authorized(req, params.sessionId ?? '', emulator);
        emulator.sessions.revoke(record.sessionId);
        res.writeHead(204, { 'Cache-Control': 'no-store' });
        res.end();
      },
    },
    {
      method: 'GET',
      path: '/api/v1/embed/sessions/:sessionId',
      handle({ req, res, params, emulator }) {
        const record = authorized(req, params.sessionId ?? '', emulator);
        sendJson(res, 200, emulator.sessions.describe(record.sessionId));
      },
    },
    {
      method: 'POST',
      path: '/api/v1/embed/sessions/:sessionId/expire',
      handle({ req, res, params, emulator }) {
        const record = authorized(req, params.sessionId ?? '', emulator);
        if (!emulator.sessions.expireNow(record.sessionId))
          throw new HttpError(409, 'this session id was never redeemed, so it has no session to expire');
        sendJson(res, 200, emulator.sessions.describe(record.sessionId));
      },
    },
  ],
};

/**
 * @param {import('node:http').IncomingMessage} req
 * @param {string} sessionId
 * @param {import('../../emulator-context.js').EmulatorContext} emulator
 */
function authorized(req, sessionId, emulator) {
  const key = requireApiKey(req, emulator.options.apiKeys);
  const record = emulator.sessions.get(sessionId);
  if (!record) throw new HttpError(404, 'no session id like this was minted by this emulator');
  requireDeploymentScope(key, record.claims.deploymentId);
  return record;
}
