import { requireApiKey, requireDeploymentScope } from '../../api-key-auth.js';
import { readJsonBody, sendJson } from '../../http-io.js';
import { parseSessionClaims } from '../session-claims.js';

/**
 * `POST /api/v1/embed/generate-session`: the customer's backend mints a single-use session id.
 * 401 before the body is read when the key is missing or wrong; 400 `{ error }` for a bad body;
 * 403 for a key scoped to other deployments; 200 `{ sessionId }`.
 * @type {import('../../router.js').RouteModule}
 */
export default {
  name: 'generate-session',
  routes: [
    {
      method: 'POST',
      path: '/api/v1/embed/generate-session',
      async handle({ req, res, emulator }) {
        const key = requireApiKey(req, emulator.options.apiKeys);
        const claims = parseSessionClaims(await readJsonBody(req));
        requireDeploymentScope(key, claims.deploymentId);
        const record = emulator.sessions.mint(claims);
        sendJson(res, 200, { sessionId: record.sessionId });
      },
    },
  ],
};
