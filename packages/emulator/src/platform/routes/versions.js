import { HttpError, readJsonBody, sendJson } from '../../http-io.js';
import { authorizeDeployment } from '../identity.js';
import { isObject } from '../request-parts.js';
import { IMAGE_REPO, RELEASES } from '../seed/deployments.js';

/**
 * The §2.3 version records of a deployment: every release of {@link RELEASES}.
 * @param {import('../seed/deployments.js').DeploymentRecord} deployment
 */
function versionsOf(deployment) {
  return RELEASES.map((release, index) => ({
    releaseChannelVersion: `${IMAGE_REPO}:v${release.version}`,
    version: release.version,
    releaseChannel: release.channel,
    isLatestInChannel: !RELEASES.slice(index + 1).some((later) => later.channel === release.channel),
    isCurrent: release.version === deployment.currentVersion,
  }));
}

/**
 * The version named by `<version>`, `v<version>` or `<image_repo>:v<version>`, if listed.
 * @param {string} text
 */
function findRelease(text) {
  const prefix = `${IMAGE_REPO}:v`;
  const version = text.startsWith(prefix) ? text.slice(prefix.length) : /^v\d/.test(text) ? text.slice(1) : text;
  return RELEASES.find((release) => release.version === version);
}

/**
 * `GET /api/v1/deployments/:deploymentId/versions` (§4.6) and `PUT /api/v1/deployments/:deploymentId`
 * (§4.7): `releaseChannelVersion` (a listed version in any of its three spellings) and/or
 * `releaseChannel` (alone: that channel's latest). 400 for a version not on the list, an unknown
 * channel, a version outside the named channel, or an attempt to set the image. The response body
 * (not shown by the spec) is `{ data: <the now-current version record> }`.
 * @type {import('../../router.js').RouteModule}
 */
export default {
  name: 'platform-versions',
  routes: [
    {
      method: 'GET',
      path: '/api/v1/deployments/:deploymentId/versions',
      handle(context) {
        const { deployment } = authorizeDeployment(context);
        sendJson(context.res, 200, { data: versionsOf(deployment) });
      },
    },
    {
      method: 'PUT',
      path: '/api/v1/deployments/:deploymentId',
      async handle(context) {
        const { deployment, state, user } = authorizeDeployment(context);
        const body = await readJsonBody(context.req);
        if (!isObject(body)) throw new HttpError(400, 'request body must be a JSON object with releaseChannelVersion and/or releaseChannel');
        const { releaseChannelVersion, releaseChannel } = body;
        if ('image' in body || 'imageTag' in body) throw new HttpError(400, 'the container image is derived from the version and cannot be set directly');
        if (releaseChannelVersion === undefined && releaseChannel === undefined) throw new HttpError(400, 'send releaseChannelVersion, releaseChannel or both');
        if (releaseChannel !== undefined && (typeof releaseChannel !== 'string' || !RELEASES.some((release) => release.channel === releaseChannel)))
          throw new HttpError(400, `releaseChannel must be one of ${[...new Set(RELEASES.map((release) => release.channel))].join(', ')} (got ${JSON.stringify(releaseChannel)})`);
        let target;
        if (releaseChannelVersion !== undefined) {
          target = typeof releaseChannelVersion === 'string' ? findRelease(releaseChannelVersion.trim()) : undefined;
          if (!target) throw new HttpError(400, `version ${JSON.stringify(releaseChannelVersion)} is not on the list; see GET /api/v1/deployments/${deployment.id}/versions`);
          if (releaseChannel !== undefined && target.channel !== releaseChannel)
            throw new HttpError(400, `version ${target.version} is in channel ${target.channel}, not ${releaseChannel}`);
        } else target = RELEASES.filter((release) => release.channel === releaseChannel).at(-1);
        const previous = deployment.currentVersion;
        deployment.currentVersion = /** @type {{ version: string }} */ (target).version;
        state.recordAudit('deployment.version.changed', user.email, { deploymentId: deployment.id, from: previous, to: deployment.currentVersion });
        sendJson(context.res, 200, { data: versionsOf(deployment).find((version) => version.isCurrent) });
      },
    },
  ],
};
