import { findDashboard } from '../../dashboards/catalog.js';
import { dashboardPage, errorPage } from '../dashboard-page.js';
import { sendBody } from '../../http-io.js';
import { embedPageHeaders } from '../security-headers.js';

/** IANA names only: a bare UTC offset such as `+05:30` is ignored, as the service does. */
function ianaTimeZone(/** @type {string | null} */ value) {
  if (!value || value.length > 64 || /^(?:utc|gmt)?\s*[+\-\u2212]\s*\d/i.test(value)) return null;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return value;
  } catch {
    return null;
  }
}

/** The `f_<view>.<dimension>=<JSON>` parameters of the URL, as `key=value` strings in their order. @param {URL} url */
function filterParameters(url) {
  const filters = [];
  for (const [key, value] of url.searchParams) if (key.startsWith('f_')) filters.push(`${key}=${value}`);
  return filters;
}

/**
 * `GET /embed/dashboard/:publicId?session=<id>[&allowExport=true][&timezone=<IANA>]` serves the
 * embedded dashboard. With `session` it is signed (the page exchanges the id itself); without, it
 * is private. `allowExport` must be exactly `true`. Every response carries the
 * `Content-Security-Policy: frame-ancestors` of the configured host origins.
 * @type {import('../../router.js').RouteModule}
 */
export default {
  name: 'embed-dashboard',
  routes: [
    {
      method: 'GET',
      path: '/embed/dashboard/:publicId',
      handle({ res, url, params, emulator }) {
        const { options } = emulator;
        const headers = { ...embedPageHeaders(options.hostOrigins), 'Content-Type': 'text/html; charset=utf-8' };
        const dashboard = findDashboard(params.publicId ?? '');
        if (!dashboard) {
          sendBody(res, 404, errorPage('Dashboard not found', `No published dashboard has the public id "${params.publicId}".`), headers);
          return;
        }
        const session = url.searchParams.get('session');
        if (session === null && !options.allowPrivate) {
          sendBody(res, 401, errorPage('Sign-in required', 'Private embedding is disabled on this emulator; embed with a session id.'), headers);
          return;
        }
        if (session === '') {
          sendBody(res, 400, errorPage('Session id missing', 'The session parameter is empty: mint a session id and pass it as ?session=<id>.'), headers);
          return;
        }
        const config = {
          publicId: dashboard.publicId,
          mode: session === null ? 'private' : 'signed',
          sessionId: session,
          allowExport: url.searchParams.get('allowExport') === 'true',
          timezone: ianaTimeZone(url.searchParams.get('timezone')),
          accountTimezone: 'UTC',
          hostOrigins: options.hostOrigins,
          deploymentId: dashboard.deploymentId,
          embedTenant: options.embedTenant,
          warnBeforeMs: options.sessionWarningMs,
          tokenUrl: '/api/v1/embed/session/token',
          dataUrl: `/embed/api/dashboards/${encodeURIComponent(dashboard.publicId)}/data`,
          aiUrl: `/embed/api/dashboards/${encodeURIComponent(dashboard.publicId)}/ask`,
          filters: filterParameters(url),
          dashboard,
        };
        sendBody(res, 200, dashboardPage(config, 'Dashboard'), headers);
      },
    },
  ],
};
