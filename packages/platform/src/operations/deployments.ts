import type { ClientContext } from '../context.js';
import { readJson } from '../http/read-json.js';
import { send } from '../http/request.js';
import { deploymentPageSchema, type Deployment, type Pagination } from '../schemas/control-plane.js';
import { checkPageOptions, paginate, type PageIterable, type PageOptions } from './paginate.js';

/** One page of the deployments listing. */
export interface DeploymentPage {
  deployments: Deployment[];
  pagination: Pagination;
}

/** `GET /api/v1/deployments` (§4.2): one page of the deployments this credential can access. */
export async function listDeployments(ctx: ClientContext, options?: PageOptions): Promise<DeploymentPage> {
  const { offset, limit } = checkPageOptions(options);
  const sent = await send(ctx, { method: 'GET', path: '/api/v1/deployments', query: { offset, limit }, idempotent: true, signal: options?.signal });
  const body = await readJson(sent, deploymentPageSchema);
  return { deployments: body.data.deployments, pagination: body.pagination };
}

/** Every deployment, page after page: `for await (const d of iterateDeployments(ctx))`. */
export function iterateDeployments(ctx: ClientContext, options?: PageOptions): PageIterable<Deployment, DeploymentPage> {
  return paginate(
    (offset, limit) => listDeployments(ctx, { offset, limit, signal: options?.signal }),
    (page) => page.deployments,
    options,
  );
}
