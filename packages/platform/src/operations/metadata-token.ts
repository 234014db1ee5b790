import { idSegment, requireObject, requirePositiveNumber } from '../checks.js';
import type { ClientContext } from '../context.js';
import { readJson } from '../http/read-json.js';
import { send } from '../http/request.js';
import { metadataTokenResponseSchema, type MetadataToken } from '../schemas/control-plane.js';
import { deploymentSegment } from './deployment-path.js';

/** Arguments of a metadata-token request. */
export interface MetadataTokenInput {
  /** Embedded in the token; decides which parts of the data model are visible. Required. */
  securityContext: Record<string, unknown>;
  /** Lifetime in seconds; the server's default is 86400. */
  expiresIn?: number;
  /** Cancels the request. */
  signal?: AbortSignal;
}

/**
 * `POST .../environments/{environment_id}/tokens-for-meta-sync` (§4.4): a JWT for the metadata
 * endpoints only (it cannot query data). Not retried: each call issues a new token.
 */
export async function issueMetadataToken(
  ctx: ClientContext,
  deploymentId: number | string,
  environmentId: string,
  input: MetadataTokenInput,
): Promise<MetadataToken> {
  const path = `/api/v1/deployments/${deploymentSegment(deploymentId)}/environments/${idSegment('environmentId', environmentId)}/tokens-for-meta-sync`;
  const body: Record<string, unknown> = { security_context: requireObject('securityContext', input?.securityContext) };
  if (input.expiresIn !== undefined) body.expires_in = requirePositiveNumber('expiresIn', input.expiresIn);
  const sent = await send(ctx, { method: 'POST', path, body, idempotent: false, signal: input.signal });
  return (await readJson(sent, metadataTokenResponseSchema)).data;
}
