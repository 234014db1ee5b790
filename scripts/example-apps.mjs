// The framework example apps (examples/vue-app, svelte-app, angular-app) are no npm workspaces: each
// has its own lockfile and toolchain (TypeScript 5.9 for vue-tsc, svelte-check and the Angular
// compiler). `npm test` installs an app's packages with `npm ci` in its folder when they are missing
// or older than its lockfile, so the one test command needs no install step of its own.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** The example apps: the folders of `examples/` with a lockfile of their own. */
export function exampleApps(root) {
  const examples = join(root, 'examples');
  return readdirSync(examples)
    .filter((name) => existsSync(join(examples, name, 'package-lock.json')))
    .map((name) => join(examples, name));
}

/** True when `npm ci` has not run in `dir` since its lockfile last changed. */
function needsInstall(dir) {
  const installed = join(dir, 'node_modules', '.package-lock.json');
  if (!existsSync(installed)) return true;
  return statSync(installed).mtimeMs < statSync(join(dir, 'package-lock.json')).mtimeMs;
}

/**
 * Runs `npm ci` in every example app that needs it; returns the folders where it failed (their
 * suites then fail too, saying the app is not installed).
 */
export function installExampleApps(root) {
  const failed = [];
  for (const dir of exampleApps(root).filter(needsInstall)) {
    console.log(`installing ${dir}: npm ci`);
    const env = { ...process.env, NG_CLI_ANALYTICS: 'false' };
    const result = spawnSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: dir, stdio: 'inherit', env });
    if (result.status !== 0) failed.push(dir);
  }
  return failed;
}
