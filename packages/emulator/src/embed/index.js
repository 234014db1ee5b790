import embedAssets from './routes/embed-assets.js';
import embedDashboard from './routes/embed-dashboard.js';
import embedData from './routes/embed-data.js';
import generateSession from './routes/generate-session.js';
import sessionAdmin from './routes/session-admin.js';
import sessionToken from './routes/session-token.js';

/**
 * The embed half's route modules, in match order: minting ids (generate-session), exchanging them
 * (session token), revoking and inspecting them (session admin), and the embedded dashboard (its
 * page, its data and AI answers, its files). Their state is the emulator's service sessions
 * (`emulator.sessions` in a route, `emulator.state` on the handle).
 * @type {import('../router.js').RouteModule[]}
 */
export const EMBED_ROUTE_MODULES = [generateSession, sessionToken, sessionAdmin, embedDashboard, embedData, embedAssets];
