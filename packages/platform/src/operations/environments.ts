import { requireOneOf } from '../checks.js';
import type { ClientContext } from '../context.js';
import { readJson } from '../http/read-json.js';
import { send } from '../http/request.js';
import {
  ENVIRONMENT_TYPES,
  environmentPageSchema,
  type Environment,
  type EnvironmentType,
  type Pagination,
} from '../schemas/control-plane.js';
import { deploymentSegment } from './deployment-path.js';
import { checkPageOptions, paginate, type PageIterable, type PageOptions } from './paginate.js';

/** Filters and paging of the environments listing. */
export interface EnvironmentListOptions extends PageOptions {
  /** Only environments of this type. */
  type?: EnvironmentType;
}

/** One page of the environments listing. */
export interface EnvironmentPage {
  environments: Environment[];
  pagination: Pagination;
}

/** `GET /api/v1/deployments/{deployment_id}/environments` (§4.3): one page. */
export async function listEnvironments(
  ctx: ClientContext,
  deploymentId: number | string,
  options?: EnvironmentListOptions,
): Promise<EnvironmentPage> {
  const path = `/api/v1/deployments/${deploymentSegment(deploymentId)}/environments`;
  const type = options?.type === undefined ? undefined : requireOneOf('type', options.type, ENVIRONMENT_TYPES);
  const { offset, limit } = checkPageOptions(options);
  const sent = await send(ctx, { method: 'GET', path, query: { type, offset, limit }, idempotent: true, signal: options?.signal });
  const body = await readJson(sent, environmentPageSchema);
  return { environments: body.data.environments, pagination: body.pagination };
}

/** Every environment of a deployment, page after page. */
export function iterateEnvironments(
  ctx: ClientContext,
  deploymentId: number | string,
  options?: EnvironmentListOptions,
): PageIterable<Environment, EnvironmentPage> {
  deploymentSegment(deploymentId);
  return paginate(
    (offset, limit) => listEnvironments(ctx, deploymentId, { type: options?.type, offset, limit, signal: options?.signal }),
    (page) => page.environments,
    options,
  );
}
