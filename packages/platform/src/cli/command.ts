import type { PlatformClient } from '../client.js';
import type { CliIo } from './io.js';

/** Option kinds `node:util` parseArgs understands. */
export type OptionSpec = { type: 'string' | 'boolean'; short?: string; description: string; valueName?: string };

/** What a command's `run` receives. */
interface CommandContext {
  client: PlatformClient;
  io: CliIo;
  /** `--json`: machine-readable output on stdout. */
  json: boolean;
  /** Parsed option values. */
  values: Record<string, string | boolean | undefined>;
}

/** One `svc-embed <group> <action>` command. Resolves with its exit code. */
export interface Command {
  /** `deployments list`, `dashboards export`... */
  name: string;
  summary: string;
  options: Record<string, OptionSpec>;
  /** Lines of examples for `--help`. */
  examples: string[];
  run(context: CommandContext): Promise<number>;
}
