import type { Command } from './command.js';
import { bulkMoveCommand } from './commands/bulk-move.js';
import { exportAuditLogsCommand } from './commands/export-audit-logs.js';
import { exportDashboardCommand } from './commands/export-dashboard.js';
import { listDeploymentsCommand } from './commands/list-deployments.js';
import { listEnvironmentsCommand } from './commands/list-environments.js';
import { listVersionsCommand, setVersionCommand } from './commands/versions.js';

/** Every command, in the order `--help` lists them. */
export const COMMANDS: Command[] = [
  listDeploymentsCommand,
  listEnvironmentsCommand,
  listVersionsCommand,
  setVersionCommand,
  exportDashboardCommand,
  exportAuditLogsCommand,
  bulkMoveCommand,
];
