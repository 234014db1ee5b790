import type { Deployment, Pagination } from '../../schemas/control-plane.js';
import type { Command } from '../command.js';
import { formatTable } from '../format.js';
import { integer } from '../option-values.js';

/** `svc-embed deployments list`: one page, or every page with `--all`. */
export const listDeploymentsCommand: Command = {
  name: 'deployments list',
  summary: 'List the deployments the API key can access',
  options: {
    offset: { type: 'string', valueName: 'n', description: 'first deployment (default 0)' },
    limit: { type: 'string', valueName: 'n', description: 'deployments per page (server default 20)' },
    all: { type: 'boolean', description: 'fetch every page' },
  },
  examples: ['svc-embed deployments list --all', 'svc-embed deployments list --limit 5 --json'],
  async run({ client, io, json, values }) {
    const options = { offset: integer(values, 'offset'), limit: integer(values, 'limit', 1) };
    let deployments: Deployment[];
    let pagination: Pagination | undefined;
    if (values.all) deployments = await client.deployments(options).toArray();
    else ({ deployments, pagination } = await client.listDeployments(options));
    if (json) io.stdout.write(`${JSON.stringify(pagination ? { deployments, pagination } : { deployments }, null, 2)}\n`);
    else {
      io.stdout.write(formatTable(['ID', 'NAME', 'CREATED'], deployments.map((d) => [d.id, d.name, d.created_at])));
      if (pagination && pagination.offset + deployments.length < pagination.total)
        io.stderr.write(`showing ${pagination.offset + 1}-${pagination.offset + deployments.length} of ${pagination.total}; add --all for every page\n`);
    }
    return 0;
  },
};
