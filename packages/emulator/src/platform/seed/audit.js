import { HOUR_MS } from '../../options.js';

/**
 * @typedef {object} AuditEvent
 * @property {string} id
 * @property {number} at Epoch ms.
 * @property {string} eventName
 * @property {string} userEmail
 * @property {Record<string, unknown>} data
 */

const KINDS = [
  ['user.login', (/** @type {number} */ n) => ({ ip: `203.0.113.${n % 250}`, method: n % 3 ? 'password' : 'sso' })],
  ['dashboard.viewed', (/** @type {number} */ n) => ({ dashboard: n % 2 ? 'sales-overview' : 'support-ops' })],
  ['api_key.created', (/** @type {number} */ n) => ({ keyName: `ci-${n}`, scope: n % 2 ? 'deployment 42' : 'all deployments' })],
  ['workbook.published', (/** @type {number} */ n) => ({ workbook: n % 2 ? 'Sales overview' : 'Support operations', note: 'quarterly "refresh", v2' })],
];
const USERS = ['owner@acme.example', 'analyst@acme.example', 'auditor@acme.example'];

/**
 * 120 deterministic events over the 30 days before `now`, one every 6 hours, newest last.
 * @param {number} now
 * @returns {AuditEvent[]}
 */
export function seedAuditEvents(now) {
  const end = Math.floor(now / HOUR_MS) * HOUR_MS;
  return Array.from({ length: 120 }, (_, index) => {
    const [eventName, data] = /** @type {[string, (n: number) => Record<string, unknown>]} */ (KINDS[index % KINDS.length]);
    return {
      id: `evt_${String(index + 1).padStart(5, '0')}`,
      at: end - (120 - index) * 6 * HOUR_MS,
      eventName,
      userEmail: /** @type {string} */ (USERS[index % USERS.length]),
      data: data(index),
    };
  });
}
