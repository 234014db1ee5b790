import { EMBED_ROUTE_MODULES } from './embed/index.js';
import { PLATFORM_ROUTE_MODULES } from './platform/index.js';

/**
 * Every route module of the emulator, in match order: the embed half's, then the platform API's. A
 * new family of endpoints is one more module in a half's list: `{ name, routes: [{ method, path, handle }] }`.
 * @type {import('./router.js').RouteModule[]}
 */
export const ROUTE_MODULES = [...EMBED_ROUTE_MODULES, ...PLATFORM_ROUTE_MODULES];
