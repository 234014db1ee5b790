// The framework example apps (examples/<name>): each a folder of its own, outside the npm
// workspaces, with its own lockfile and TypeScript 5.9 (vue-tsc, svelte-check and the Angular
// compiler need TypeScript's JavaScript API, which the root's TypeScript 7 lacks), installed by its
// own `npm ci` and linked to this repository's packages (`file:` dependencies: the built dist).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

export const ROOT = join(__dirname, '..', '..');

/** One example app: where it is, the path it is served under, and how its type tests are checked. */
export interface FrameworkExample {
  /** Its folder under examples/, also the path it is built for (`/<name>/`). */
  name: 'vue-app' | 'svelte-app' | 'angular-app';
  /** The framework, as people name it. */
  framework: string;
}

export const EXAMPLES: readonly FrameworkExample[] = [
  { name: 'vue-app', framework: 'Vue 3 + Vue Router (Vite, vue-tsc)' },
  { name: 'svelte-app', framework: 'Svelte 5 (Vite, svelte-check)' },
  { name: 'angular-app', framework: 'Angular 21 (Angular CLI)' },
];

/** The example's folder. */
export const exampleDir = (name: FrameworkExample['name']) => join(ROOT, 'examples', name);

/** Its build, as the browser suites serve it. */
export const exampleBuild = (name: FrameworkExample['name']) => join(exampleDir(name), 'dist');

/** Why the example cannot run yet, or undefined: its own install, then its build. */
export function missingExample(name: FrameworkExample['name'], needs: 'install' | 'build'): string | undefined {
  if (!existsSync(join(exampleDir(name), 'node_modules', '.package-lock.json'))) return `examples/${name} is not installed: run npm ci in examples/${name} (npm test does)`;
  if (needs === 'build' && !existsSync(join(exampleBuild(name), 'index.html'))) return `examples/${name} is not built: run npm run build in examples/${name} (npm test does, in its examples suite)`;
  return undefined;
}

/**
 * Runs `command` (on the PATH, or a path such as `node_modules/.bin/vue-tsc` in the example's
 * folder) in the example's folder, without colours and without the Angular CLI's analytics prompt;
 * its exit status and output (stdout, then stderr), any colour codes stripped.
 */
export function runInExample(name: FrameworkExample['name'], command: string, args: string[]): { status: number | null; output: string } {
  const executable = command.includes('/') ? join(exampleDir(name), command) : command;
  const result = spawnSync(executable, args, { cwd: exampleDir(name), encoding: 'utf8', env: { ...process.env, NG_CLI_ANALYTICS: 'false', NO_COLOR: '1', FORCE_COLOR: '0' } });
  // eslint-disable-next-line no-control-regex
  return { status: result.status, output: `${result.stdout}${result.stderr}`.replace(/\u001b\[[0-9;]*m/g, '') };
}
