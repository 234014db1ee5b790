// Shared by every package's types.node.test.ts: compiles a type-test project with tsc. Lines under
// @ts-expect-error must fail to compile (an unused directive is itself an error), every other line
// must compile; the result is tsc's output, empty when the type tests pass.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

const root = join(__dirname, '..', '..');

/**
 * The time a type test gets: one tsc run takes 3-8 s on a quiet 2-core machine, and timed out at
 * the node project's 20 s under a load average of 12 (a CI run beside other work).
 */
export const TYPE_TEST_TIMEOUT_MS = 120_000;

/** Runs tsc on the tsconfig in `projectDir`; returns its exit status and output. */
export function compileTypeTests(projectDir: string): { status: number | null; output: string } {
  const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');
  const run = spawnSync(process.execPath, [tsc, '-p', projectDir], { cwd: root, encoding: 'utf8' });
  return { status: run.status, output: run.stdout + run.stderr };
}
