import { sendJson } from '../../http-io.js';
import { authenticate } from '../identity.js';
import { isoDateTime, pageOf, readPagination } from '../request-parts.js';

/**
 * `GET /api/v1/deployments` (§4.2): the deployments the key may act on (all for an unscoped key),
 * `offset` default 0 and `limit` default 20.
 * @type {import('../../router.js').RouteModule}
 */
export default {
  name: 'platform-deployments',
  routes: [
    {
      method: 'GET',
      path: '/api/v1/deployments',
      handle(context) {
        const { key, state } = authenticate(context);
        const page = readPagination(context.url);
        const visible = [...state.deployments.values()]
          .filter((deployment) => !key.deployments || key.deployments.includes(deployment.id))
          .sort((a, b) => a.createdAt - b.createdAt);
        const { items, pagination } = pageOf(visible, page);
        const deployments = items.map((deployment) => ({ id: String(deployment.id), name: deployment.name, created_at: isoDateTime(deployment.createdAt) }));
        sendJson(context.res, 200, { data: { deployments }, pagination });
      },
    },
  ],
};
