import { findDashboard } from '../../dashboards/catalog.js';
import { answerQuestion } from '../answer.js';
import { datasetRows } from '../../dashboards/datasets.js';
import { HttpError, readJsonBody, sendJson } from '../../http-io.js';

/**
 * What the embedded dashboard queries, with its session token in `Authorization: Bearer <token>`
 * (private mode: no header, served as a viewer signed in to the service when `allowPrivate` is on):
 * - `GET /embed/api/dashboards/:publicId/data` returns `{ rows, generatedAt }`.
 * - `POST /embed/api/dashboards/:publicId/ask` `{ question }` returns `{ chatId, answer }` after a
 *   short simulated thinking time.
 * A missing, unknown, expired or revoked token gets 401 `{ error, reason }`.
 * @type {import('../../router.js').RouteModule}
 */
export default {
  name: 'embed-data',
  routes: [
    {
      method: 'GET',
      path: '/embed/api/dashboards/:publicId/data',
      handle({ req, res, params, emulator }) {
        const dashboard = authorize(req, params.publicId ?? '', emulator);
        const now = emulator.clock.now();
        sendJson(res, 200, { generatedAt: now, rows: datasetRows(dashboard.dataset, now) });
      },
    },
    {
      method: 'POST',
      path: '/embed/api/dashboards/:publicId/ask',
      async handle({ req, res, params, emulator }) {
        const dashboard = authorize(req, params.publicId ?? '', emulator);
        const body = /** @type {{ question?: unknown, chatId?: unknown }} */ (await readJsonBody(req));
        const question = typeof body?.question === 'string' ? body.question.trim() : '';
        if (question === '' || question.length > 500) throw new HttpError(400, 'question must be a non-empty string of at most 500 characters');
        const chatId = typeof body.chatId === 'string' && /^chat_[\w-]{1,40}$/.test(body.chatId) ? body.chatId : `chat_${Math.random().toString(36).slice(2, 10)}`;
        await emulator.delay(emulator.options.aiLatencyMs);
        if (res.destroyed) return;
        sendJson(res, 200, { chatId, answer: answerQuestion(dashboard, datasetRows(dashboard.dataset, emulator.clock.now()), question) });
      },
    },
  ],
};

/**
 * @param {import('node:http').IncomingMessage} req
 * @param {string} publicId
 * @param {import('../../emulator-context.js').EmulatorContext} emulator
 */
function authorize(req, publicId, emulator) {
  const dashboard = findDashboard(publicId);
  if (!dashboard) throw new HttpError(404, `no dashboard has the public id "${publicId}"`);
  const header = req.headers.authorization;
  if (!header && emulator.options.allowPrivate) return dashboard;
  const token = /^Bearer (\S+)$/.exec(header ?? '')?.[1];
  const result = emulator.sessions.authorizeToken(token);
  if (!result.ok) throw new HttpError(401, `session token ${result.reason}`, {}, { reason: result.reason });
  return dashboard;
}
