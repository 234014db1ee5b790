import { ProtocolError } from './errors.js';

/** The parts of a filter parameter `f_<semantic_view>.<dimension>=<JSON>`. */
export interface FilterParts {
  /** Internal name of the semantic view (not its title). */
  view: string;
  /** Internal name of the dimension (not its title). */
  dimension: string;
  /** The filter value as JSON data, for example `{ value: 'completed' }`. */
  value: unknown;
}

const FILTER = /^f_([^.=\s]+)\.([^=\s]+)=(.+)$/s;
const NAME = /^[^.=\s]+$/;
const DIMENSION = /^[^=\s]+$/;

/**
 * Parses `f_<semantic_view>.<dimension>=<JSON>`; returns `undefined` for anything else, never throws.
 * @example parseFilterParameter('f_orders.status={"value":"completed"}')
 * // { view: 'orders', dimension: 'status', value: { value: 'completed' } }
 */
export function parseFilterParameter(parameter: unknown): FilterParts | undefined {
  if (typeof parameter !== 'string') return undefined;
  const match = FILTER.exec(parameter);
  if (!match) return undefined;
  try {
    return { view: match[1]!, dimension: match[2]!, value: JSON.parse(match[3]!) };
  } catch {
    return undefined;
  }
}

/**
 * Builds `f_<semantic_view>.<dimension>=<JSON>`. A plain object is sent as it is; any other value is
 * wrapped as `{ "value": value }`, the shape the service documents (equality filter).
 * @throws {ProtocolError} `invalid-argument` for empty or malformed names or a value JSON cannot encode.
 * @example buildFilterParameter('orders', 'status', 'completed') // 'f_orders.status={"value":"completed"}'
 */
export function buildFilterParameter(view: string, dimension: string, value: unknown): string {
  if (typeof view !== 'string' || !NAME.test(view))
    throw new ProtocolError('invalid-argument', `filter view must be an internal semantic view name without ".", "=" or spaces (got ${JSON.stringify(view)})`);
  if (typeof dimension !== 'string' || !DIMENSION.test(dimension))
    throw new ProtocolError('invalid-argument', `filter dimension must be an internal dimension name without "=" or spaces (got ${JSON.stringify(dimension)})`);
  const wrapped = value !== null && typeof value === 'object' && !Array.isArray(value) ? value : { value };
  let json: string | undefined;
  try {
    json = JSON.stringify(wrapped);
  } catch {
    json = undefined;
  }
  if (json === undefined || json === '{}')
    throw new ProtocolError('invalid-argument', 'filter value must be JSON data, for example { value: "completed" }');
  return `f_${view}.${dimension}=${json}`;
}
