import * as z from 'zod/mini';
import { MODES, SURFACES } from './constants.js';

const str = z.string();
const num = z.number();
const optStr = z.optional(str);
const optNum = z.optional(num);
const surface = z.enum(SURFACES);

/**
 * One zod/mini schema per event payload (embedded surface to host), keyed by event name. The wire
 * type is {@link EVENT_PREFIX} plus the name (`svc:event:ready`). Unknown payload fields are dropped.
 */
export const eventSchemas = {
  /** Once per session when the embed authenticates and mounts; always the first event. */
  ready: z.object({
    embedTenant: z.nullable(str),
    deploymentId: z.nullable(num),
    mode: z.enum(MODES),
    surface,
    publicId: optStr,
  }),
  /** A surface is viewed: on load and on each in-embed navigation. */
  view: z.object({ surface, path: str, publicId: optStr, title: optStr }),
  /** The viewer navigated within the embed. */
  navigate: z.object({ path: str, previousPath: optStr }),
  /** All widgets of a dashboard have rendered (distinct from `ready`, which fires at mount). */
  'dashboard-loaded': z.object({ publicId: optStr, widgetCount: optNum, loadDurationMs: optNum }),
  /** The viewer exported data or an image. Never carries the rows. */
  download: z.object({
    format: z.enum(['csv', 'xlsx', 'png', 'pdf']),
    target: z.enum(['widget', 'dashboard']),
    widgetId: optStr,
    title: optStr,
    rowCount: optNum,
  }),
  /** The viewer drilled into a measure (`member` is the qualified measure name). */
  drilldown: z.object({ member: str, value: z.optional(z.unknown()), widgetId: optStr }),
  /** Around a natural-language query: submitted, then completed or error. */
  'ai-query': z.object({
    query: str,
    status: z.enum(['submitted', 'completed', 'error']),
    chatId: optStr,
    agentId: optStr,
  }),
  /** Once per signed session, about 30 minutes before it stops working (best effort, may be late). */
  'session-expiring': z.object({ expiresAt: num, expiresInMs: num }),
  /** A signed session has lapsed; nothing recovers until a new session is pushed. */
  'session-expired': z.object({ expiredAt: num }),
  /** The embed surfaced an error (render, query, auth or session). `fatal`: the surface went down. */
  error: z.object({ message: str, name: optStr, context: optStr, fatal: z.optional(z.boolean()) }),
};
