import { HttpError, sendJson } from '../../http-io.js';
import { environmentsOf } from '../environments.js';
import { authorizeDeployment } from '../identity.js';
import { pageOf, readPagination } from '../request-parts.js';

const TYPES = ['production', 'staging', 'development'];

/**
 * `GET /api/v1/deployments/:deploymentId/environments` (§4.3): optional `type`, paginated.
 * @type {import('../../router.js').RouteModule}
 */
export default {
  name: 'platform-environments',
  routes: [
    {
      method: 'GET',
      path: '/api/v1/deployments/:deploymentId/environments',
      handle(context) {
        const { deployment } = authorizeDeployment(context);
        const type = context.url.searchParams.get('type');
        if (type !== null && !TYPES.includes(type)) throw new HttpError(400, `type must be one of ${TYPES.join(', ')} (got ${JSON.stringify(type)})`);
        const page = readPagination(context.url);
        const all = environmentsOf(deployment, context.url.origin).filter((environment) => type === null || environment.type === type);
        const { items, pagination } = pageOf(all, page);
        sendJson(context.res, 200, { data: { environments: items }, pagination });
      },
    },
  ],
};
