import { DAY_MS } from '../../options.js';

/** The image every emulated deployment runs; versions are `<IMAGE_REPO>:v<version>`. */
export const IMAGE_REPO = 'registry.svc.example/svc/runtime';

/**
 * A release of the runtime, in a channel.
 * @typedef {{ version: string, channel: string }} Release
 */

/** Every release the account has run or may run; the last of each channel is its head. */
export const RELEASES = [
  { version: '1.1.4', channel: 'stable' },
  { version: '1.2.3', channel: 'stable' },
  { version: '1.3.0', channel: 'regular' },
  { version: '1.3.1', channel: 'regular' },
];

/**
 * @typedef {object} Branch
 * @property {number} id
 * @property {string} name
 * @property {string} parentBranch
 * @property {string} lastHash
 * @property {'production' | 'shared' | 'personal'} kind Only shared branches get staging environments.
 * @property {boolean} isStagingEnvironmentEnabled
 */

/**
 * @typedef {object} DeploymentRecord
 * @property {number} id
 * @property {string} name
 * @property {number} createdAt Epoch ms.
 * @property {string} currentVersion
 * @property {Branch[]} branches
 */

/** @param {number} deploymentId @returns {Branch[]} */
function branches(deploymentId) {
  const hash = (/** @type {number} */ n) => ((deploymentId * 2654435761 + n * 40503) >>> 0).toString(16).padStart(8, '0');
  return [
    { id: 1, name: 'main', parentBranch: '', lastHash: hash(1), kind: 'production', isStagingEnvironmentEnabled: false },
    { id: 2, name: 'analytics-shared', parentBranch: 'main', lastHash: hash(2), kind: 'shared', isStagingEnvironmentEnabled: false },
    { id: 3, name: 'dev-ada', parentBranch: 'main', lastHash: hash(3), kind: 'personal', isStagingEnvironmentEnabled: false },
  ];
}

/**
 * 25 deployments, so the default page (20) does not hold them all: 42 (the demo dashboards), 7
 * (a sandbox) and 23 team deployments.
 * @param {number} now
 * @returns {DeploymentRecord[]}
 */
export function seedDeployments(now) {
  const start = now - 400 * DAY_MS;
  const named = [
    { id: 42, name: 'Production analytics' },
    { id: 7, name: 'Sandbox' },
    ...Array.from({ length: 23 }, (_, index) => ({ id: 100 + index, name: `Team ${String(index + 1).padStart(2, '0')}` })),
  ];
  return named.map(({ id, name }, index) => ({
    id,
    name,
    createdAt: start + index * 7 * DAY_MS,
    currentVersion: '1.2.3',
    branches: branches(id),
  }));
}
