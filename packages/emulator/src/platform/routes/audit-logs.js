import { HttpError } from '../../http-io.js';
import { AUDIT_CSV_COLUMNS, csvRow } from '../audit/csv.js';
import { auditFilter } from '../audit/filters.js';
import { authenticate, requirePermission } from '../identity.js';

/** Bytes gathered before each write. */
const CHUNK_CHARS = 64 * 1024;

/**
 * Waits until the response can take more, or is closed. Resolves true when it may continue.
 * @param {import('node:http').ServerResponse} res
 */
function drained(res) {
  return new Promise((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve(!res.destroyed);
    };
    res.on('drain', done);
    res.on('close', done);
  });
}

/**
 * `GET /api/v1/audit-logs/export` (§4.8): the events matching the filters as a CSV attachment,
 * written in chunks as the connection takes them. 403 without the audit-log plan feature or the
 * `AuditLogManage` permission; 400 for a bad date.
 * @type {import('../../router.js').RouteModule}
 */
export default {
  name: 'platform-audit-logs',
  routes: [
    {
      method: 'GET',
      path: '/api/v1/audit-logs/export',
      async handle(context) {
        const caller = authenticate(context);
        if (!caller.state.settings.auditLogFeature) throw new HttpError(403, 'audit-log export needs the audit-log feature of the top plan tier');
        requirePermission(caller, 'AuditLogManage');
        const matches = auditFilter(context.url);
        const { res, req } = context;
        res.writeHead(200, {
          'Content-Type': 'text/csv; charset=utf-8',
          'Content-Disposition': 'attachment; filename="audit-logs.csv"',
          'Cache-Control': 'no-store',
        });
        if (req.method === 'HEAD') return void res.end();
        const events = caller.state.auditEvents;
        const count = events.length;
        let buffer = `${AUDIT_CSV_COLUMNS.join(',')}\r\n`;
        for (let index = 0; index < count; index += 1) {
          const event = /** @type {import('../seed/audit.js').AuditEvent} */ (events[index]);
          if (!matches(event)) continue;
          buffer += csvRow(event);
          if (buffer.length < CHUNK_CHARS) continue;
          const ready = res.write(buffer);
          buffer = '';
          if (!ready && !(await drained(res))) return;
        }
        res.end(buffer);
      },
    },
  ],
};
