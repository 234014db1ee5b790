import type { DeploymentVersion } from '../../schemas/control-plane.js';
import type { Command } from '../command.js';
import { formatTable } from '../format.js';
import { deploymentId, optional } from '../option-values.js';
import { UsageError } from '../usage-error.js';

const table = (versions: DeploymentVersion[]) =>
  formatTable(
    ['VERSION', 'CHANNEL', 'LATEST', 'CURRENT', 'IMAGE'],
    versions.map((v) => [v.version, v.releaseChannel, v.isLatestInChannel ? 'yes' : '', v.isCurrent ? '*' : '', v.releaseChannelVersion]),
  );

/** `svc-embed versions list --deployment <id>`. */
export const listVersionsCommand: Command = {
  name: 'versions list',
  summary: 'List the versions a deployment can run (* marks the current one)',
  options: { deployment: { type: 'string', valueName: 'id', description: 'deployment id (required)' } },
  examples: ['svc-embed versions list --deployment 42'],
  async run({ client, io, json, values }) {
    const versions = await client.listVersions(deploymentId(values));
    io.stdout.write(json ? `${JSON.stringify(versions, null, 2)}\n` : table(versions));
    return 0;
  },
};

/** `svc-embed versions set --deployment <id> --version <v> | --channel <c>`. */
export const setVersionCommand: Command = {
  name: 'versions set',
  summary: "Change a deployment's version, or move it to a channel's latest",
  options: {
    deployment: { type: 'string', valueName: 'id', description: 'deployment id (required)' },
    version: { type: 'string', valueName: 'v', description: '<version>, v<version> or <image_repo>:v<version>' },
    channel: { type: 'string', valueName: 'name', description: "release channel; alone: that channel's latest" },
  },
  examples: ['svc-embed versions set --deployment 42 --version 1.3.1', 'svc-embed versions set --deployment 42 --channel stable'],
  async run({ client, io, json, values }) {
    const releaseChannelVersion = optional(values, 'version');
    const releaseChannel = optional(values, 'channel');
    if (releaseChannelVersion === undefined && releaseChannel === undefined) throw new UsageError('give --version, --channel or both');
    const current = await client.changeVersion(deploymentId(values), { releaseChannelVersion, releaseChannel });
    io.stdout.write(json ? `${JSON.stringify(current, null, 2)}\n` : `deployment now runs ${current.version} (${current.releaseChannel}): ${current.releaseChannelVersion}\n`);
    return 0;
  },
};
