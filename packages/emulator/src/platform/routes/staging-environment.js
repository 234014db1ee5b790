import { HttpError, readJsonBody, sendJson } from '../../http-io.js';
import { authorizeDeployment } from '../identity.js';
import { isObject } from '../request-parts.js';

/**
 * `PUT /build/api/v1/deployments/:deploymentId/branches/staging-environment` (§4.5): `enabled`
 * plus exactly one of `branchName` or `branchId`. Only shared branches: the production branch
 * and personal branches get 400 (the spec does not show that status); an unknown branch 404.
 * @type {import('../../router.js').RouteModule}
 */
export default {
  name: 'platform-staging-environment',
  routes: [
    {
      method: 'PUT',
      path: '/build/api/v1/deployments/:deploymentId/branches/staging-environment',
      async handle(context) {
        const { deployment, state, user } = authorizeDeployment(context);
        const body = await readJsonBody(context.req);
        if (!isObject(body)) throw new HttpError(400, 'request body must be a JSON object with enabled and branchName or branchId');
        const { enabled, branchName, branchId } = body;
        if (typeof enabled !== 'boolean') throw new HttpError(400, 'enabled is required: true or false');
        if ((branchName === undefined) === (branchId === undefined)) throw new HttpError(400, 'send exactly one of branchName or branchId');
        if (branchName !== undefined && (typeof branchName !== 'string' || branchName === '')) throw new HttpError(400, 'branchName must be a non-empty string');
        if (branchId !== undefined && !Number.isInteger(branchId)) throw new HttpError(400, 'branchId must be an integer');
        const branch = deployment.branches.find((candidate) => (branchName !== undefined ? candidate.name === branchName : candidate.id === branchId));
        if (!branch) throw new HttpError(404, `branch ${JSON.stringify(branchName ?? branchId)} does not exist in deployment ${deployment.id}`);
        if (branch.kind !== 'shared')
          throw new HttpError(400, `only shared branches can have a staging environment; ${branch.name} is ${branch.kind === 'production' ? 'the production branch' : 'a personal development branch'}`);
        branch.isStagingEnvironmentEnabled = enabled;
        state.recordAudit('branch.staging_environment.changed', user.email, { deploymentId: deployment.id, branch: branch.name, enabled });
        const { id, name, parentBranch, lastHash, isStagingEnvironmentEnabled } = branch;
        sendJson(context.res, 200, { data: { id, name, parentBranch, lastHash, isStagingEnvironmentEnabled } });
      },
    },
  ],
};
