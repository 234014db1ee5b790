/**
 * The environments of a deployment, derived from its branches: production for the production
 * branch, development for each personal branch, and staging for each shared branch whose staging
 * environment is enabled (§3).
 * @param {import('./seed/deployments.js').DeploymentRecord} deployment
 * @param {string} origin The emulator's origin, for the credentials' URLs.
 */
export function environmentsOf(deployment, origin) {
  /** @param {string} slug @param {string} name @param {'production' | 'staging' | 'development'} type @param {number} port */
  const environment = (slug, name, type, port) => ({
    id: `${deployment.id}-${slug}`,
    name,
    type,
    api_credentials: {
      rest: { url: `${origin}/data/${deployment.id}/${slug}/v1` },
      sql: { host: `sql-${deployment.id}-${slug}.emulator.invalid`, port },
    },
  });
  const list = [];
  for (const branch of deployment.branches) {
    if (branch.kind === 'production') list.push(environment('production', 'Production', 'production', 5432));
    else if (branch.kind === 'personal') list.push(environment(`dev-${branch.name}`, `Development (${branch.name})`, 'development', 5433));
    else if (branch.isStagingEnvironmentEnabled) list.push(environment(`staging-${branch.name}`, `Staging (${branch.name})`, 'staging', 5434));
  }
  return list;
}
