import { HttpError, sendJson } from './http-io.js';

/**
 * @typedef {object} RouteContext
 * @property {import('node:http').IncomingMessage} req
 * @property {import('node:http').ServerResponse} res
 * @property {URL} url The request URL, resolved against the emulator's base URL.
 * @property {Record<string, string>} params Decoded `:name` segments of the route's path.
 * @property {import('./emulator-context.js').EmulatorContext} emulator Options, state and clock.
 */

/**
 * @typedef {object} Route
 * @property {string} method `GET`, `POST`, `DELETE`... (`GET` routes also answer `HEAD`).
 * @property {string} path A path with `:name` segments, e.g. `/api/v1/embed/sessions/:sessionId`.
 * @property {(context: RouteContext) => unknown | Promise<unknown>} handle Writes the response, or throws an {@link HttpError}.
 */

/**
 * @typedef {object} RouteModule
 * @property {string} name Shown in the 404 listing and logs.
 * @property {Route[]} routes
 */

/** @param {string} path */
function compile(path) {
  /** @type {string[]} */
  const names = [];
  const source = path
    .split('/')
    .map((segment) => {
      if (!segment.startsWith(':')) return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      names.push(segment.slice(1));
      return '([^/]+)';
    })
    .join('/');
  return { pattern: new RegExp(`^${source}$`), names };
}

/**
 * A small method-and-path router. Route modules register their routes; the first match wins.
 * Unknown paths get 404 and known paths with another method 405 (with `Allow`), both as `{ error }`.
 * @param {RouteModule[]} modules
 */
export function createRouter(modules) {
  const table = modules.flatMap((module) =>
    module.routes.map((route) => ({ ...route, module: module.name, ...compile(route.path) })),
  );

  /**
   * @param {Omit<RouteContext, 'params'>} context
   */
  async function dispatch(context) {
    const { req, res, url } = context;
    const method = req.method === 'HEAD' ? 'GET' : req.method ?? 'GET';
    /** @type {string[]} */
    const allowed = [];
    for (const route of table) {
      const match = route.pattern.exec(url.pathname);
      if (!match) continue;
      if (route.method !== method) {
        allowed.push(route.method);
        continue;
      }
      /** @type {Record<string, string>} */
      const params = {};
      route.names.forEach((name, index) => {
        params[name] = decodeURIComponent(/** @type {string} */ (match[index + 1]));
      });
      await route.handle({ ...context, params });
      return;
    }
    if (allowed.length) throw new HttpError(405, `${req.method} is not allowed on ${url.pathname}; use ${allowed.join(' or ')}`, { Allow: allowed.join(', ') });
    throw new HttpError(404, `no route for ${req.method} ${url.pathname}`);
  }

  /** @param {Omit<RouteContext, 'params'>} context */
  return async function handle(context) {
    try {
      await dispatch(context);
    } catch (error) {
      const { res } = context;
      if (res.headersSent) {
        res.destroy();
        return;
      }
      if (error instanceof HttpError) sendJson(res, error.status, { error: error.message, ...error.extra }, error.headers);
      else if (error instanceof URIError) sendJson(res, 400, { error: 'malformed percent-encoding in the path' });
      else {
        context.emulator.options.log(`500 ${context.req.method} ${context.url.pathname}: ${error instanceof Error ? error.stack : error}`);
        sendJson(res, 500, { error: 'internal emulator error; see the emulator log' });
      }
    }
  };
}
