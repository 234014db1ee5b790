/** Columns of the audit-log CSV, in order. */
export const AUDIT_CSV_COLUMNS = ['id', 'timestamp', 'eventName', 'userEmail', 'data'];

/** One RFC 4180 field: quoted when it holds a quote, comma or line break. @param {string} value */
function csvField(value) {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** @param {import('../seed/audit.js').AuditEvent} event */
export function csvRow(event) {
  return [event.id, new Date(event.at).toISOString(), event.eventName, event.userEmail, JSON.stringify(event.data)].map(csvField).join(',') + '\r\n';
}
