// Runs a tool for the docs tests (a compiler, a command line) and fails, saying why, whenever it did
// not do its work: it could not start (not found), was ended by a signal or its time limit, or, when
// it fails, printed nothing the test can read. A test that reads a tool's output must never take a
// tool that did not run for one that found nothing.
import { spawnSync } from 'node:child_process';

/** What a tool did, once it ran. */
export interface ToolRun {
  status: number;
  stdout: string;
  stderr: string;
}

/** What to run. */
export interface ToolOptions {
  /** What the tool is, for the failure message (`tsc on the README blocks`). */
  what: string;
  command: string;
  args: string[];
  cwd: string;
  env?: NodeJS.ProcessEnv;
  timeoutMs?: number;
}

const said = (run: { stdout: string; stderr: string }) => `${run.stderr}${run.stdout}`.trim().slice(0, 4_000) || '(it printed nothing)';

/** Runs the tool; throws when it could not start or did not end by itself. */
export function runTool(options: ToolOptions): ToolRun {
  const run = spawnSync(options.command, options.args, {
    cwd: options.cwd, env: options.env, encoding: 'utf8', timeout: options.timeoutMs ?? 120_000, maxBuffer: 64 * 1024 * 1024,
  });
  const commandLine = [options.command, ...options.args].join(' ');
  if (run.error) throw new Error(`${options.what} could not run (${commandLine}): ${run.error.message}`);
  if (run.signal !== null) throw new Error(`${options.what} was ended by ${run.signal} (${commandLine}): ${said(run)}`);
  return { status: run.status ?? 1, stdout: run.stdout, stderr: run.stderr };
}

/** The TypeScript diagnostics a failed `tsc` printed (`file(line,col): error TSnnnn: …`). */
const DIAGNOSTIC = /^\S[^(]*\(\d+,\d+\): error TS\d+: /;

/**
 * Runs `tsc` and returns its diagnostics: none when it passed. A failure without a single diagnostic
 * (tsc missing, crashed, an option it refused) fails with what it printed instead.
 */
export function typeCheck(options: Omit<ToolOptions, 'command'> & { tsc: string }): string[] {
  const run = runTool({ ...options, command: process.execPath, args: [options.tsc, ...options.args] });
  if (run.status === 0) return [];
  const diagnostics = run.stdout.split('\n').filter((line) => DIAGNOSTIC.test(line));
  if (diagnostics.length === 0) throw new Error(`${options.what} failed (exit ${run.status}) without a single diagnostic: ${said(run)}`);
  return run.stdout.split('\n').filter(Boolean);
}
