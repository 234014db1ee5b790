// The dashboard's tiny query engine: filters, measures, group-by and daily buckets over rows.

/**
 * Rows passing every active filter (equality on a dimension).
 * @param {Array<Record<string, any>>} rows
 * @param {Record<string, string>} filters dimension -> value
 */
export function applyFilters(rows, filters) {
  const active = Object.keys(filters);
  return active.length ? rows.filter((row) => active.every((dimension) => String(row[dimension]) === filters[dimension])) : rows;
}

/**
 * @param {Array<Record<string, any>>} rows
 * @param {{ agg: 'sum' | 'count' | 'avg', field?: string }} measure
 */
export function measureOf(rows, measure) {
  if (measure.agg === 'count') return rows.length;
  const total = rows.reduce((sum, row) => sum + Number(row[measure.field ?? ''] ?? 0), 0);
  return measure.agg === 'sum' ? total : rows.length ? total / rows.length : 0;
}

/**
 * The measure per value of a dimension, largest first.
 * @param {Array<Record<string, any>>} rows
 * @param {string} dimension
 * @param {{ agg: 'sum' | 'count' | 'avg', field?: string }} measure
 * @returns {Array<{ key: string, value: number, rows: Array<Record<string, any>> }>}
 */
export function groupBy(rows, dimension, measure) {
  /** @type {Map<string, Array<Record<string, any>>>} */
  const groups = new Map();
  for (const row of rows) {
    const key = String(row[dimension]);
    const group = groups.get(key);
    if (group) group.push(row);
    else groups.set(key, [row]);
  }
  const measured = [];
  for (const [key, group] of groups) measured.push({ key, value: measureOf(group, measure), rows: group });
  return measured.sort((a, b) => b.value - a.value);
}

/**
 * The measure per calendar day (in the viewer's time zone) over the last `days` days.
 * @param {Array<Record<string, any>>} rows
 * @param {string} field Time field, epoch ms.
 * @param {{ agg: 'sum' | 'count' | 'avg', field?: string }} measure
 * @param {(ms: number) => string} dayKey
 * @param {number} end Epoch ms of the newest bucket.
 * @param {number} days
 */
export function perDay(rows, field, measure, dayKey, end, days = 14) {
  const keys = [];
  for (let index = days - 1; index >= 0; index -= 1) {
    const key = dayKey(end - index * 86_400_000);
    if (!keys.some((entry) => entry.key === key)) keys.push({ key, at: end - index * 86_400_000 });
  }
  /** @type {Map<string, Array<Record<string, any>>>} */
  const buckets = new Map(keys.map(({ key }) => [key, []]));
  for (const row of rows) buckets.get(dayKey(row[field]))?.push(row);
  return keys.map(({ key, at }) => ({ key, at, value: measureOf(buckets.get(key) ?? [], measure) }));
}
