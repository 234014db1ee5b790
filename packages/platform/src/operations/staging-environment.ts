import { requireBoolean, requireExactlyOne, requireInteger, requireString } from '../checks.js';
import type { ClientContext } from '../context.js';
import { readJson } from '../http/read-json.js';
import { send } from '../http/request.js';
import { branchResponseSchema, type Branch } from '../schemas/control-plane.js';
import { deploymentSegment } from './deployment-path.js';

/** Turn a shared branch's staging environment on or off, naming the branch by name or by id (not both). */
export type StagingEnvironmentInput = { enabled: boolean; signal?: AbortSignal } & (
  | { branchName: string; branchId?: never }
  | { branchId: number; branchName?: never }
);

/**
 * `PUT /build/api/v1/deployments/{deployment_id}/branches/staging-environment` (§4.5). Only shared
 * branches can be enabled. Idempotent, so retried like a read.
 */
export async function setStagingEnvironment(
  ctx: ClientContext,
  deploymentId: number | string,
  input: StagingEnvironmentInput,
): Promise<Branch> {
  const path = `/build/api/v1/deployments/${deploymentSegment(deploymentId)}/branches/staging-environment`;
  const enabled = requireBoolean('enabled', input?.enabled);
  const which = requireExactlyOne(input as Record<string, unknown>, 'branchName', 'branchId');
  const body =
    which === 'branchName'
      ? { enabled, branchName: requireString('branchName', input.branchName) }
      : { enabled, branchId: requireInteger('branchId', input.branchId) };
  const sent = await send(ctx, { method: 'PUT', path, body, idempotent: true, signal: input.signal });
  return (await readJson(sent, branchResponseSchema)).data;
}
