import { ProtocolError } from './errors.js';
import { DEV } from './base/dev-mode.js';

/** The parts of a filter parameter `f_<semantic_view>.<dimension>=<JSON>`. */
export interface FilterParts {
  /** Internal name of the semantic view (not its title). */
  view: string;
  /** Internal name of the dimension (not its title). */
  dimension: string;
  /** The filter value as JSON data, for example `{ value: 'completed' }`. */
  value: unknown;
}

// view: no ".", "=" or white space; dimension: no "=" or white space (it may be dotted).
const FILTER = /^f_([^.=\s]+)\.([^=\s]+)=(.+)$/s;

/**
 * Parses `f_<semantic_view>.<dimension>=<JSON>`; returns `undefined` for anything else, never throws.
 * @example parseFilterParameter('f_orders.status={"value":"completed"}')
 * // { view: 'orders', dimension: 'status', value: { value: 'completed' } }
 */
export function parseFilterParameter(parameter: unknown): FilterParts | undefined {
  const match = typeof parameter === 'string' ? FILTER.exec(parameter) : null;
  try {
    if (!match) return undefined;
    const [, view = '', dimension = '', value = ''] = match;
    return { view, dimension, value: JSON.parse(value) };
  } catch {
    return undefined;
  }
}

/**
 * Builds `f_<semantic_view>.<dimension>=<JSON>`. A plain object is sent as it is; any other value is
 * wrapped as `{ "value": value }`, the shape the service documents (an equality filter).
 * @throws {ProtocolError} `invalid-argument` for a malformed view or dimension name, or a value JSON cannot encode.
 * @example buildFilterParameter('orders', 'status', 'completed') // 'f_orders.status={"value":"completed"}'
 */
export function buildFilterParameter(view: string, dimension: string, value: unknown): string {
  let json: string | undefined;
  try {
    json = JSON.stringify(value !== null && typeof value === 'object' && !Array.isArray(value) ? value : { value });
  } catch {}
  const parameter = `f_${view}.${dimension}=${json}`;
  const parts = json === undefined || json === '{}' ? undefined : parseFilterParameter(parameter);
  if (parts?.view !== view || parts.dimension !== dimension)
    throw new ProtocolError(
      'invalid-argument',
      // Production (see base/dev-mode.ts) says the parameter it could not build.
      DEV ? `cannot build a filter from view ${JSON.stringify(view)}, dimension ${JSON.stringify(dimension)} and value ${json}: use internal names (no "=" or spaces, no "." in the view) and a JSON value such as { value: "completed" }` : `filter ${parameter}`,
    );
  return parameter;
}
