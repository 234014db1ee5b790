import type { Command } from '../command.js';
import { formatBytes } from '../format.js';
import { optional, required } from '../option-values.js';
import { createProgress } from '../progress.js';

/** `svc-embed audit-logs export --out <file>`: the CSV, streamed. */
export const exportAuditLogsCommand: Command = {
  name: 'audit-logs export',
  summary: 'Export audit-log events as CSV (needs the AuditLogManage permission)',
  options: {
    out: { type: 'string', short: 'o', valueName: 'file', description: 'file to write, or - for stdout (required)' },
    start: { type: 'string', valueName: 'date', description: 'first day, YYYY-MM-DD' },
    end: { type: 'string', valueName: 'date', description: 'last day, YYYY-MM-DD' },
    search: { type: 'string', valueName: 'text', description: 'full-text search across event data' },
    'event-name': { type: 'string', valueName: 'name', description: 'only this event type' },
    'user-email': { type: 'string', valueName: 'email', description: "only this user's events" },
  },
  examples: ['svc-embed audit-logs export --start 2024-05-01 --end 2024-05-31 --event-name user.login --out may-logins.csv'],
  async run({ client, io, json, values }) {
    const out = required(values, 'out');
    const progress = createProgress(io.stderr);
    const { bytes } = await client.exportAuditLogs({
      to: out === '-' ? io.stdout : out,
      start: optional(values, 'start'),
      end: optional(values, 'end'),
      search: optional(values, 'search'),
      eventName: optional(values, 'event-name'),
      userEmail: optional(values, 'user-email'),
      onBytes: (count) => progress.update(`mb-${Math.floor(count / 1_000_000)}`, `received ${formatBytes(count)}`),
    });
    progress.done(`saved ${out === '-' ? 'stdout' : out} (${formatBytes(bytes)})`);
    if (json && out !== '-') io.stdout.write(`${JSON.stringify({ file: out, bytes }, null, 2)}\n`);
    return 0;
  },
};
