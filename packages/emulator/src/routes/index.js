import embedAssets from './embed-assets.js';
import embedDashboard from './embed-dashboard.js';
import embedData from './embed-data.js';
import generateSession from './generate-session.js';
import sessionAdmin from './session-admin.js';
import sessionToken from './session-token.js';
import { PLATFORM_ROUTE_MODULES } from '../platform/index.js';

/**
 * Every route module of the emulator, in match order. A new family of endpoints (bulk move,
 * deployments, exports...) is one more module here: `{ name, routes: [{ method, path, handle }] }`.
 * @type {import('../router.js').RouteModule[]}
 */
export const ROUTE_MODULES = [generateSession, sessionToken, sessionAdmin, embedDashboard, embedData, embedAssets, ...PLATFORM_ROUTE_MODULES];
