import { readFile } from 'node:fs/promises';
import { EXPORT_FORMATS, type ExportFormat } from '../../schemas/dashboard-export.js';
import type { ExportProgress } from '../../exports/export-dashboard.js';
import type { DashboardExportRequest } from '../../exports/submit.js';
import type { RenderAs } from '../../exports/render-as.js';
import type { Command } from '../command.js';
import { formatBytes } from '../format.js';
import { deploymentId, integer, optional, required } from '../option-values.js';
import { createProgress } from '../progress.js';
import { UsageError } from '../usage-error.js';

/** `png` or `pdf` from `--format`, else from the extension of `--out`. */
function formatOf(format: string | undefined, out: string): ExportFormat {
  const chosen = format ?? /\.(png|pdf)$/i.exec(out)?.[1]?.toLowerCase();
  if (chosen === undefined) throw new UsageError('give --format png|pdf (it cannot be told from the --out file name)');
  if (!(EXPORT_FORMATS as readonly string[]).includes(chosen)) throw new UsageError(`--format must be png or pdf (got ${chosen})`);
  return chosen as ExportFormat;
}

/** The `--render-as` JSON file. */
async function renderAsOf(path: string | undefined): Promise<RenderAs | undefined> {
  if (path === undefined) return undefined;
  try {
    return JSON.parse(await readFile(path, 'utf8')) as RenderAs;
  } catch (error) {
    throw new UsageError(`--render-as ${path} is not a readable JSON file (${(error as Error).message})`);
  }
}

/** One progress line per phase of {@link ExportProgress}. */
function describe(event: ExportProgress, submittedAt: number, now: number): [step: string, text: string] {
  switch (event.phase) {
    case 'rate-limited':
      return [`429-${event.attempt}`, `server busy (429): waiting ${(event.waitMs / 1000).toFixed(1)} s before attempt ${event.attempt + 1}`];
    case 'submitted':
      return ['submitted', `submitted export ${event.jobId}; it expires at ${new Date(event.expiresAt).toISOString()}`];
    case 'polled':
      return [`status-${event.status.status}`, `${event.status.status} (${((now - submittedAt) / 1000).toFixed(1)} s)`];
    case 'downloading': {
      const share = event.totalBytes ? Math.floor((event.bytes / event.totalBytes) * 100) : undefined;
      const of = event.totalBytes ? ` of ${formatBytes(event.totalBytes)} (${share}%)` : '';
      return [`download-${share === undefined ? 0 : Math.floor(share / 25)}`, `downloading ${formatBytes(event.bytes)}${of}`];
    }
  }
}

/** `svc-embed dashboards export`: submit, wait, download, with a progress line on stderr. */
export const exportDashboardCommand: Command = {
  name: 'dashboards export',
  summary: 'Export a published dashboard to a PNG or PDF file',
  options: {
    deployment: { type: 'string', valueName: 'id', description: 'deployment id (required)' },
    'dashboard-id': { type: 'string', valueName: 'n', description: 'dashboard id (or --public-id)' },
    'public-id': { type: 'string', valueName: 'id', description: 'dashboard public id (or --dashboard-id)' },
    format: { type: 'string', valueName: 'png|pdf', description: 'file format (default: from the --out extension)' },
    out: { type: 'string', short: 'o', valueName: 'file', description: 'file to write, or - for stdout (required)' },
    'render-as': { type: 'string', valueName: 'file.json', description: 'a RenderAs JSON object (administrators only)' },
  },
  examples: ['svc-embed dashboards export --deployment 42 --public-id sales-overview --out sales.pdf'],
  async run({ client, io, json, values }) {
    const out = required(values, 'out');
    const id = deploymentId(values);
    const dashboardId = integer(values, 'dashboard-id', 1);
    const dashboardPublicId = optional(values, 'public-id');
    if ((dashboardId === undefined) === (dashboardPublicId === undefined)) throw new UsageError('give exactly one of --dashboard-id or --public-id');
    const target = dashboardId !== undefined ? { dashboardId } : { dashboardPublicId: dashboardPublicId as string };
    const request = { ...target, format: formatOf(optional(values, 'format'), out), renderAs: await renderAsOf(optional(values, 'render-as')) } as DashboardExportRequest;
    const progress = createProgress(io.stderr);
    const now = io.clock?.now ?? Date.now;
    const submittedAt = now();
    const result = await client.exportDashboard(id, {
      ...request,
      to: out === '-' ? io.stdout : out,
      onProgress: (event) => progress.update(...describe(event, submittedAt, now())),
    });
    const where = out === '-' ? 'stdout' : out;
    progress.done(`saved ${where} (${formatBytes(result.bytes)}, ${result.contentType})`);
    if (json && out !== '-') io.stdout.write(`${JSON.stringify({ ...result, file: out }, null, 2)}\n`);
    return 0;
  },
};
