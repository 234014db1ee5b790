import { ENVIRONMENT_TYPES, type Environment, type EnvironmentType, type Pagination } from '../../schemas/control-plane.js';
import type { Command } from '../command.js';
import { formatTable } from '../format.js';
import { deploymentId, integer, optional } from '../option-values.js';
import { UsageError } from '../usage-error.js';

/** `svc-embed environments list --deployment <id>`. */
export const listEnvironmentsCommand: Command = {
  name: 'environments list',
  summary: "List a deployment's environments",
  options: {
    deployment: { type: 'string', valueName: 'id', description: 'deployment id (required)' },
    type: { type: 'string', valueName: 'type', description: `only ${ENVIRONMENT_TYPES.join(', ')}` },
    offset: { type: 'string', valueName: 'n', description: 'first environment (default 0)' },
    limit: { type: 'string', valueName: 'n', description: 'environments per page (server default 20)' },
    all: { type: 'boolean', description: 'fetch every page' },
  },
  examples: ['svc-embed environments list --deployment 42 --type staging'],
  async run({ client, io, json, values }) {
    const id = deploymentId(values);
    const type = optional(values, 'type');
    if (type !== undefined && !(ENVIRONMENT_TYPES as readonly string[]).includes(type))
      throw new UsageError(`--type must be one of ${ENVIRONMENT_TYPES.join(', ')} (got ${type})`);
    const options = { type: type as EnvironmentType | undefined, offset: integer(values, 'offset'), limit: integer(values, 'limit', 1) };
    let environments: Environment[];
    let pagination: Pagination | undefined;
    if (values.all) environments = await client.environments(id, options).toArray();
    else ({ environments, pagination } = await client.listEnvironments(id, options));
    if (json) io.stdout.write(`${JSON.stringify(pagination ? { environments, pagination } : { environments }, null, 2)}\n`);
    else
      io.stdout.write(
        formatTable(
          ['ID', 'NAME', 'TYPE', 'REST URL', 'SQL'],
          environments.map((e) => [e.id, e.name, e.type, e.api_credentials.rest.url, `${e.api_credentials.sql.host}:${e.api_credentials.sql.port}`]),
        ),
      );
    return 0;
  },
};
