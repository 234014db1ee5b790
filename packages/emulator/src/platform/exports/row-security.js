/**
 * The row filter of a render: a dataset field to the one value the viewer may see. Built from the
 * rendered-as console user's stored attributes, then the render's `userAttributes`, then its
 * `securityContext` (later ones win). Only string and number values of fields the rows have count.
 * @param {{ stored?: Record<string, string>, userAttributes?: Array<{ name: string, value: unknown }>, securityContext?: Record<string, unknown> }} sources
 * @returns {Record<string, string | number>}
 */
export function rowFilterOf({ stored = {}, userAttributes = [], securityContext = {} }) {
  /** @type {Record<string, string | number>} */
  const filter = {};
  const add = (/** @type {string} */ name, /** @type {unknown} */ value) => {
    if (typeof value === 'string' || typeof value === 'number') filter[name] = value;
  };
  for (const [name, value] of Object.entries(stored)) add(name, value);
  for (const { name, value } of userAttributes) add(name, value);
  for (const [name, value] of Object.entries(securityContext)) add(name, value);
  return filter;
}

/**
 * Rows the filter lets through: for each filtered field the rows have, only the matching value.
 * @param {Array<Record<string, unknown>>} rows
 * @param {Record<string, string | number>} filter
 */
export function applyRowFilter(rows, filter) {
  const fields = Object.keys(filter).filter((field) => rows.length > 0 && field in /** @type {object} */ (rows[0]));
  return fields.length === 0 ? rows : rows.filter((row) => fields.every((field) => row[field] === filter[field]));
}
