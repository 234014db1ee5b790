import * as z from 'zod/mini';
import { parseFilterParameter } from './filter.js';
import { isEmbedPath } from './embed-path.js';
import { isLocaleTag } from './locale.js';
import { nonEmptyString, stringWhere } from './schema-parts.js';
import { DEV } from './base/dev-mode.js';


/**
 * One zod/mini schema per action payload (host to embedded surface), keyed by action name. The wire
 * type is {@link ACTION_PREFIX} plus the name (`svc:action:set-session`).
 */
export const actionSchemas = {
  /** Switch the color scheme; `auto` follows the OS preference. */
  'set-color-scheme': z.object({ scheme: z.enum(['light', 'dark', 'auto']) }),
  /** Apply a brand theme at runtime. Fields beyond the common ones pass through untouched. */
  'set-theme': z.object({
    embedTheme: z.looseObject({
      primaryColor: z.optional(z.string()),
      borderRadius: z.optional(
        z.custom<string | number>((value) => typeof value === 'string' || typeof value === 'number', 'expected string or number'),
      ),
      font: z.optional(z.string()),
    }),
  }),
  /** Switch the UI language: a full code (`es-ES`), a short code (`es`) or a regional variant. */
  'set-locale': z.object({
    locale: stringWhere(isLocaleTag, DEV ? 'a BCP 47 locale tag such as es-ES' : 'a locale tag'),
  }),
  /** Switch the query time zone (an IANA name; the embed ignores bare UTC offsets). */
  'set-timezone': z.object({ timezone: nonEmptyString }),
  /** Push a filter into a dashboard: `f_<semantic_view>.<dimension>=<JSON>`. */
  'set-filter': z.object({
    filterUrlParameter: stringWhere((value) => parseFilterParameter(value) !== undefined, 'f_<semantic_view>.<dimension>=<JSON>'),
  }),
  /** Navigate to an in-embed path (see {@link isEmbedPath}). */
  navigate: z.object({
    path: stringWhere(isEmbedPath, DEV ? 'a path such as /orders: one leading "/", no control or bidi characters, 2048 at most' : 'a path'),
  }),
  /** Re-run queries and refresh data. Sent without a payload. */
  refresh: z.optional(z.object({})),
  /** Replace the signed session in place: a single-use id, minted right before sending. */
  'set-session': z.object({ sessionId: nonEmptyString }),
};
