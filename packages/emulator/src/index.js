export { createEmulator } from './create-emulator.js';
export { createManualClock, systemClock } from './clock.js';
export { DASHBOARDS, findDashboard } from './dashboards/catalog.js';
export { ROUTE_MODULES } from './route-modules.js';
export { HttpError, readJsonBody, sendJson } from './http-io.js';
export { requireApiKey } from './api-key-auth.js';
export { SESSION_ID_LIFETIME_MS, SESSION_LIFETIME_MS, SESSION_WARNING_MS } from './options.js';
