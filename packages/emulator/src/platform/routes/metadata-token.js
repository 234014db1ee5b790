import { HttpError, readJsonBody, sendJson } from '../../http-io.js';
import { environmentsOf } from '../environments.js';
import { authorizeDeployment } from '../identity.js';
import { signJwt } from '../jwt.js';
import { isObject, isoDateTime } from '../request-parts.js';

/** Default lifetime of a metadata token, seconds (§8). */
const DEFAULT_EXPIRES_IN = 86_400;

/**
 * `POST /api/v1/deployments/:deploymentId/environments/:environmentId/tokens-for-meta-sync`
 * (§4.4): `security_context` required (an object), `expires_in` optional seconds (default 86400).
 * The JWT carries `scope: "meta"`, the security context, `iat` and `exp`.
 * @type {import('../../router.js').RouteModule}
 */
export default {
  name: 'platform-metadata-token',
  routes: [
    {
      method: 'POST',
      path: '/api/v1/deployments/:deploymentId/environments/:environmentId/tokens-for-meta-sync',
      async handle(context) {
        const { deployment, state, user } = authorizeDeployment(context);
        const environment = environmentsOf(deployment, context.url.origin).find((candidate) => candidate.id === context.params.environmentId);
        if (!environment) throw new HttpError(404, `environment ${context.params.environmentId} does not exist in deployment ${deployment.id}`);
        const body = await readJsonBody(context.req);
        if (!isObject(body)) throw new HttpError(400, 'request body must be a JSON object with security_context');
        const { security_context: securityContext, expires_in: expiresIn = DEFAULT_EXPIRES_IN } = body;
        if (!isObject(securityContext)) throw new HttpError(400, 'security_context is required: a JSON object');
        if (typeof expiresIn !== 'number' || !Number.isFinite(expiresIn) || expiresIn <= 0)
          throw new HttpError(400, `expires_in must be a positive number of seconds (got ${JSON.stringify(expiresIn)})`);
        const issuedAt = state.clock.now();
        const expiresAt = issuedAt + Math.round(expiresIn * 1000);
        const token = signJwt(
          {
            scope: 'meta',
            deploymentId: deployment.id,
            environmentId: environment.id,
            security_context: securityContext,
            iat: Math.floor(issuedAt / 1000),
            exp: Math.floor(expiresAt / 1000),
          },
          state.jwtSecret,
        );
        state.recordAudit('meta_token.issued', user.email, { deploymentId: deployment.id, environmentId: environment.id });
        sendJson(context.res, 200, { data: { token, created_at: isoDateTime(issuedAt), expires_at: isoDateTime(expiresAt) } });
      },
    },
  ],
};
