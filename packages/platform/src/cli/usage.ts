import type { Command, OptionSpec } from './command.js';
import { COMMANDS } from './commands.js';

/** Options every command takes. */
export const GLOBAL_OPTIONS: Record<string, OptionSpec> = {
  'base-url': { type: 'string', valueName: 'url', description: 'tenant URL (default: $SVC_EMBED_BASE_URL)' },
  json: { type: 'boolean', description: 'print results as JSON' },
  help: { type: 'boolean', short: 'h', description: 'show help' },
};

/** One line of help: the flag (with its short form and value) and what it does. */
function optionLine(name: string, spec: OptionSpec): string {
  const flag = `${spec.short ? `-${spec.short}, ` : ''}--${name}${spec.valueName ? ` <${spec.valueName}>` : ''}`;
  return `  ${flag.padEnd(34)} ${spec.description}`;
}

const optionLines = (options: Record<string, OptionSpec>) => Object.entries(options).map((option) => optionLine(...option));

/** The overview printed by `svc-embed --help` and after an unknown command. */
export function mainUsage(): string {
  return [
    'Usage: svc-embed <command> [options]',
    '',
    'Commands:',
    ...COMMANDS.map((command) => `  ${command.name.padEnd(22)} ${command.summary}`),
    '',
    'Global options:',
    ...optionLines(GLOBAL_OPTIONS),
    '',
    'The API key comes from $SVC_EMBED_API_KEY (never from a flag, so it stays out of shell history).',
    'Run svc-embed <command> --help for its options.',
    '',
  ].join('\n');
}

/** The help of one command. */
export function commandUsage(command: Command): string {
  return [
    `Usage: svc-embed ${command.name} [options]`,
    '',
    command.summary,
    '',
    'Options:',
    ...optionLines(command.options),
    ...optionLines(GLOBAL_OPTIONS),
    '',
    'Examples:',
    ...command.examples.map((example) => `  ${example}`),
    '',
  ].join('\n');
}
