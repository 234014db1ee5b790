/**
 * A tiny, honest "AI": it recognizes a few intents by keyword (in English, Spanish, German and
 * French) and answers with a figure computed from the rows; otherwise it says what it can answer.
 * @param {import('../dashboards/catalog.js').Dashboard} dashboard
 * @param {Array<Record<string, any>>} rows
 * @param {string} question
 */
export function answerQuestion(dashboard, rows, question) {
  const text = question.toLowerCase();
  const orders = dashboard.dataset === 'orders';
  const byKey = (/** @type {string} */ field, /** @type {(row: any) => number} */ value) => {
    /** @type {Map<string, number>} */
    const totals = new Map();
    for (const row of rows) totals.set(row[field], (totals.get(row[field]) ?? 0) + value(row));
    return [...totals].sort((a, b) => b[1] - a[1]);
  };
  if (orders && /region|región|regi/.test(text)) {
    const [top] = byKey('region', (row) => row.amount);
    return { kind: 'top', member: 'orders.revenue', dimension: 'region', key: top?.[0], value: round(top?.[1] ?? 0), format: 'currency' };
  }
  if (orders && /revenue|sales|ingres|umsatz|ventes|chiffre/.test(text))
    return { kind: 'metric', member: 'orders.revenue', value: round(rows.reduce((sum, row) => sum + row.amount, 0)), format: 'currency' };
  if (!orders && /channel|canal|kanal/.test(text)) {
    const [top] = byKey('channel', () => 1);
    return { kind: 'top', member: 'tickets.count', dimension: 'channel', key: top?.[0], value: top?.[1] ?? 0, format: 'number' };
  }
  if (!orders && /resol|lösung|time|tiempo|temps/.test(text))
    return { kind: 'metric', member: 'tickets.avg_resolution', value: Math.round(rows.reduce((sum, row) => sum + row.minutesToResolve, 0) / Math.max(rows.length, 1)), format: 'minutes' };
  if (/how many|count|cuánt|wie viele|combien|orders|pedidos|tickets/.test(text))
    return { kind: 'metric', member: orders ? 'orders.count' : 'tickets.count', value: rows.length, format: 'number' };
  return { kind: 'unknown', suggestions: orders ? ['revenue', 'top region', 'how many orders'] : ['how many tickets', 'top channel', 'resolution time'] };
}

/** @param {number} value */
const round = (value) => Math.round(value * 100) / 100;
