import { requireString } from '../checks.js';
import type { ClientContext } from '../context.js';
import { InvalidArgumentError, InvalidResponseError } from '../errors.js';
import { readJson } from '../http/read-json.js';
import { send } from '../http/request.js';
import { versionListResponseSchema, type DeploymentVersion } from '../schemas/control-plane.js';
import { deploymentSegment } from './deployment-path.js';

/** `<version>`, `v<version>` or `<image_repo>:v<version>`, the version starting with a digit. */
export const RELEASE_CHANNEL_VERSION = /^(?:\S+:v|v)?\d[\w.+-]*$/;

/** `GET /api/v1/deployments/{deployment_id}/versions` (§4.6): channel heads and versions run before. */
export async function listVersions(
  ctx: ClientContext,
  deploymentId: number | string,
  options?: { signal?: AbortSignal },
): Promise<DeploymentVersion[]> {
  const path = `/api/v1/deployments/${deploymentSegment(deploymentId)}/versions`;
  const sent = await send(ctx, { method: 'GET', path, idempotent: true, signal: options?.signal });
  return (await readJson(sent, versionListResponseSchema)).data;
}

/** What to change a deployment to: a listed version, a channel's latest, or both. */
export interface VersionChange {
  /** `1.4.2`, `v1.4.2` or `<image_repo>:v1.4.2`; must be one of the listed versions. */
  releaseChannelVersion?: string;
  /** Alone: move to that channel's latest version. */
  releaseChannel?: string;
  /** Cancels the requests. */
  signal?: AbortSignal;
}

/**
 * `PUT /api/v1/deployments/{deployment_id}` (§4.7). The spec does not show the response body, so
 * the version now current is read back with {@link listVersions}. A version not on the list: 400.
 */
export async function changeVersion(
  ctx: ClientContext,
  deploymentId: number | string,
  change: VersionChange,
): Promise<DeploymentVersion> {
  const path = `/api/v1/deployments/${deploymentSegment(deploymentId)}`;
  const body: Record<string, string> = {};
  if (change?.releaseChannelVersion !== undefined) {
    const value = requireString('releaseChannelVersion', change.releaseChannelVersion).trim();
    if (!RELEASE_CHANNEL_VERSION.test(value))
      throw new InvalidArgumentError(
        'releaseChannelVersion',
        `releaseChannelVersion must be <version>, v<version> or <image_repo>:v<version>, e.g. 1.4.2 (got ${JSON.stringify(value)})`,
      );
    body.releaseChannelVersion = value;
  }
  if (change?.releaseChannel !== undefined) body.releaseChannel = requireString('releaseChannel', change.releaseChannel).trim();
  if (Object.keys(body).length === 0)
    throw new InvalidArgumentError('releaseChannelVersion|releaseChannel', 'give releaseChannelVersion, releaseChannel or both');
  await send(ctx, { method: 'PUT', path, body, idempotent: true, signal: change.signal });
  const current = (await listVersions(ctx, deploymentId, { signal: change.signal })).find((version) => version.isCurrent);
  if (!current)
    throw new InvalidResponseError({ method: 'GET', path: `${path}/versions` }, 200, 'body.data holds no version with isCurrent: true');
  return current;
}
