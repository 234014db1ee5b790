import { requireString } from '../checks.js';
import type { ClientContext } from '../context.js';
import { InvalidArgumentError } from '../errors.js';
import { send, type SentRequest } from '../http/request.js';
import { writeBody, type Destination } from '../stream/write-body.js';

/** Filters of the audit-log export; all optional. */
export interface AuditLogFilters {
  /** First day, an ISO 8601 date (`2024-05-01`) or a Date (its UTC day). */
  start?: string | Date;
  /** Last day, an ISO 8601 date or a Date (its UTC day). */
  end?: string | Date;
  /** Full-text search across event data. */
  search?: string;
  /** Event type. */
  eventName?: string;
  /** Only events of this user. */
  userEmail?: string;
  /** Cancels the request and the transfer. */
  signal?: AbortSignal;
}

/** Options of {@link exportAuditLogs}. */
export interface AuditLogExportOptions extends AuditLogFilters {
  /** A file path, or a writable stream. */
  to: Destination;
  /** Called as bytes arrive. */
  onBytes?: (bytes: number) => void;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function isoDate(field: string, value: string | Date): string {
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) throw new InvalidArgumentError(field, `${field} is an invalid Date`);
    return value.toISOString().slice(0, 10);
  }
  const match = ISO_DATE.exec(typeof value === 'string' ? value.trim() : '');
  const day = match ? new Date(`${match[0]}T00:00:00Z`) : undefined;
  if (!match || !day || Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== match[0])
    throw new InvalidArgumentError(field, `${field} must be an ISO 8601 date such as 2024-05-01 (got ${JSON.stringify(value)})`);
  return match[0];
}

/** Checks the filters and turns them into query parameters. */
function auditLogQuery(filters: AuditLogFilters | undefined): Record<string, string | undefined> {
  const start = filters?.start === undefined ? undefined : isoDate('start', filters.start);
  const end = filters?.end === undefined ? undefined : isoDate('end', filters.end);
  if (start && end && start > end) throw new InvalidArgumentError('end', `end (${end}) is before start (${start})`);
  const text = (field: 'search' | 'eventName' | 'userEmail') =>
    filters?.[field] === undefined ? undefined : requireString(field, filters[field]);
  return { start, end, search: text('search'), eventName: text('eventName'), userEmail: text('userEmail') };
}

function sendExport(ctx: ClientContext, filters: AuditLogFilters | undefined): Promise<SentRequest> {
  return send(ctx, {
    method: 'GET',
    path: '/api/v1/audit-logs/export',
    query: auditLogQuery(filters),
    accept: 'text/csv',
    idempotent: true,
    signal: filters?.signal,
  });
}

/**
 * `GET /api/v1/audit-logs/export` (§4.8): opens the CSV export and resolves with the body as a
 * web stream, unread. Needs the `AuditLogManage` permission (403 otherwise).
 */
export async function openAuditLogCsv(ctx: ClientContext, filters?: AuditLogFilters): Promise<ReadableStream<Uint8Array>> {
  const { response } = await sendExport(ctx, filters);
  return response.body ?? new ReadableStream({ start: (controller) => controller.close() });
}

/**
 * Streams the audit-log CSV to a file or stream without holding it in memory; resolves with the
 * byte count. A file appears under its name only once complete.
 * @example
 * await client.exportAuditLogs({ start: '2024-05-01', eventName: 'user.login', to: 'audit.csv' });
 */
export async function exportAuditLogs(ctx: ClientContext, options: AuditLogExportOptions): Promise<{ bytes: number }> {
  if (options?.to === undefined || options.to === '')
    throw new InvalidArgumentError('to', 'to is required: a file path or a writable stream');
  const sent = await sendExport(ctx, options);
  const bytes = await writeBody(sent.response.body, options.to, { target: sent.target, onBytes: options.onBytes, signal: options.signal });
  return { bytes };
}
