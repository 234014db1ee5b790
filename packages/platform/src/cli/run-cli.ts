import { parseArgs, type ParseArgsConfig } from 'node:util';
import { createPlatformClient } from '../client.js';
import { PlatformError } from '../errors.js';
import type { Command } from './command.js';
import { COMMANDS } from './commands.js';
import { processIo, type CliIo } from './io.js';
import { commandUsage, GLOBAL_OPTIONS, mainUsage } from './usage.js';
import { UsageError } from './usage-error.js';

export type { CliIo } from './io.js';

/** Version printed by `svc-embed --version`. */
const VERSION = '0.1.0';

function findCommand(argv: string[]): { command: Command; rest: string[] } | undefined {
  const [group, action] = argv;
  const command = COMMANDS.find((candidate) => candidate.name === `${group} ${action}`);
  return command && { command, rest: argv.slice(2) };
}

/** The options of a command and the global ones, as `parseArgs` takes them: a type, and a short form if any. */
function parseArgsOptions(command: Command): NonNullable<ParseArgsConfig['options']> {
  const options: NonNullable<ParseArgsConfig['options']> = {};
  for (const [name, spec] of Object.entries({ ...command.options, ...GLOBAL_OPTIONS })) {
    options[name] = spec.short ? { type: spec.type, short: spec.short } : { type: spec.type };
  }
  return options;
}

function parse(command: Command, rest: string[]) {
  const options = parseArgsOptions(command);
  try {
    const { values, positionals } = parseArgs({ args: rest, options, strict: true, allowPositionals: true });
    if (positionals.length) throw new UsageError(`unexpected argument ${positionals[0]}`);
    return values as Record<string, string | boolean | undefined>;
  } catch (error) {
    if (error instanceof UsageError) throw error;
    throw new UsageError((error as Error).message.split('\n')[0] ?? 'invalid options');
  }
}

/**
 * Runs the `svc-embed` command line and resolves with its exit code: 0 success, 1 the operation
 * failed, 2 a usage error, 3 a bulk move in which some items failed. Never throws.
 * @example
 * process.exitCode = await runCli(process.argv.slice(2));
 */
export async function runCli(argv: string[], io: CliIo = processIo()): Promise<number> {
  if (argv.length === 0 || argv[0] === '--help' || argv[0] === '-h' || argv[0] === 'help') {
    (argv.length === 0 ? io.stderr : io.stdout).write(mainUsage());
    return argv.length === 0 ? 2 : 0;
  }
  if (argv[0] === '--version') {
    io.stdout.write(`${VERSION}\n`);
    return 0;
  }
  const found = findCommand(argv);
  if (!found) {
    io.stderr.write(`svc-embed: unknown command "${argv.slice(0, 2).join(' ')}"\n\n${mainUsage()}`);
    return 2;
  }
  const { command, rest } = found;
  try {
    const values = parse(command, rest);
    if (values.help) {
      io.stdout.write(commandUsage(command));
      return 0;
    }
    const baseUrl = (values['base-url'] as string | undefined) ?? io.env.SVC_EMBED_BASE_URL;
    if (!baseUrl) throw new UsageError('no base URL: pass --base-url or set SVC_EMBED_BASE_URL');
    const apiKey = io.env.SVC_EMBED_API_KEY;
    if (!apiKey) throw new UsageError('no API key: set SVC_EMBED_API_KEY');
    const client = createPlatformClient({ baseUrl, apiKey, clock: io.clock, fetch: io.fetch });
    return await command.run({ client, io, json: values.json === true, values });
  } catch (error) {
    if (error instanceof UsageError) {
      io.stderr.write(`svc-embed ${command.name}: ${error.message}\nRun svc-embed ${command.name} --help for usage.\n`);
      return 2;
    }
    if (error instanceof PlatformError && error.code === 'invalid-argument') {
      io.stderr.write(`svc-embed ${command.name}: ${error.message}\n`);
      return 2;
    }
    const code = error instanceof PlatformError ? ` [${error.code}]` : '';
    io.stderr.write(`${io.stderr.isTTY ? '\n' : ''}svc-embed ${command.name} failed${code}: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
}
