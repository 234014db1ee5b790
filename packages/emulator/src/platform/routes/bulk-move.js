import { HttpError, readJsonBody, sendJson } from '../../http-io.js';
import { authorizeDeployment } from '../identity.js';
import { isObject } from '../request-parts.js';
import { moveItem } from '../workspace/move-item.js';
import { toWorkbook } from '../workspace/serialize.js';

const TYPES = ['FOLDER', 'WORKBOOK', 'REPORT'];
const MAX_ITEMS = 100;

/**
 * Checks a bulk-move body: `items` of 1 to 100 `{ type, id }` and `folderId` an integer or null.
 * An omitted `folderId` is rejected: the spec leaves that case unspecified.
 * @param {unknown} body
 */
function parseBody(body) {
  if (!isObject(body)) throw new HttpError(400, 'request body must be a JSON object with items and folderId');
  const { items, folderId } = body;
  if (!Array.isArray(items)) throw new HttpError(400, 'items is required: an array of { type, id }');
  if (items.length < 1 || items.length > MAX_ITEMS) throw new HttpError(400, `items must hold 1 to ${MAX_ITEMS} entries (got ${items.length})`);
  items.forEach((item, index) => {
    if (!isObject(item) || typeof item.type !== 'string' || !TYPES.includes(item.type) || !Number.isInteger(item.id))
      throw new HttpError(400, `items[${index}] must be { type: FOLDER | WORKBOOK | REPORT, id: integer }`);
  });
  if (folderId === undefined) throw new HttpError(400, 'folderId is required: a folder id, or null for the workspace root');
  if (folderId !== null && !Number.isInteger(folderId)) throw new HttpError(400, 'folderId must be an integer or null');
  return { items: /** @type {Array<{ type: 'FOLDER' | 'WORKBOOK' | 'REPORT', id: number }>} */ (items), folderId: /** @type {number | null} */ (folderId) };
}

/**
 * `POST /api/v1/deployments/:deploymentId/workspace/bulk-move` (§4.1): repeated references
 * collapsed, each distinct item applied in request order in its own transaction with the
 * single-item move's rules, failures reported per item; 200 for every well-formed request.
 * @type {import('../../router.js').RouteModule}
 */
export default {
  name: 'platform-bulk-move',
  routes: [
    {
      method: 'POST',
      path: '/api/v1/deployments/:deploymentId/workspace/bulk-move',
      async handle(context) {
        const caller = authorizeDeployment(context);
        const { items, folderId } = parseBody(await readJsonBody(context.req));
        const seen = new Set();
        const moved = [];
        const failed = [];
        for (const ref of items) {
          const key = `${ref.type}:${ref.id}`;
          if (seen.has(key)) continue;
          seen.add(key);
          const outcome = moveItem(caller.state, caller.user, caller.deployment.id, ref, folderId);
          if (outcome.ok) {
            moved.push(toWorkbook(caller.state, outcome.item));
            caller.state.recordAudit('workspace.item.moved', caller.user.email, { type: ref.type, id: ref.id, folderId });
          } else failed.push({ type: ref.type, id: ref.id, error: { status: outcome.status, message: outcome.message } });
        }
        sendJson(context.res, 200, { moved, failed });
      },
    },
  ],
};
