import { findDashboard } from '../../dashboards/catalog.js';
import { datasetRows } from '../../dashboards/datasets.js';
import { humanize } from '../workspace/dashboard-records.js';
import { formatValue } from './format-value.js';
import { applyRowFilter } from './row-security.js';

const DATASETS = ['orders', 'tickets'];

/**
 * @typedef {{ label: string, value: number }} Point
 * @typedef {{ id: string, title: string, format: import('../../dashboards/catalog.js').Measure['format'], currency: string, series: Point[] }} ChartFields
 * @typedef {{ id: string, type: 'kpi', title: string, value: number, text: string }
 *   | ChartFields & { type: 'bar' }
 *   | ChartFields & { type: 'line' }
 *   | { id: string, type: 'table', title: string, columns: string[], rows: string[][] }} WidgetData
 * @typedef {{ title: string, pages: Array<{ title: string, widgets: WidgetData[] }>, rowCount: number, asOf: number }} DashboardData
 */

/** @param {import('../../dashboards/catalog.js').Measure} measure @param {Array<Record<string, any>>} rows */
function aggregate(measure, rows) {
  if (measure.agg === 'count') return rows.length;
  const values = rows.map((row) => Number(row[/** @type {string} */ (measure.field)]));
  const sum = values.reduce((total, value) => total + value, 0);
  const result = measure.agg === 'avg' ? (values.length ? sum / values.length : 0) : sum;
  return Math.round(result * 100) / 100;
}

/** @param {Array<Record<string, any>>} rows @param {(row: any) => string} keyOf */
function groupBy(rows, keyOf) {
  /** @type {Map<string, Array<Record<string, any>>>} */
  const groups = new Map();
  for (const row of rows) {
    const key = keyOf(row);
    groups.set(key, [...(groups.get(key) ?? []), row]);
  }
  return groups;
}

/** @param {unknown} value */
const cell = (value) => (typeof value === 'number' && value > 1e12 ? new Date(value).toISOString().slice(0, 16).replace('T', ' ') : String(value));

/**
 * The figures an export shows: every widget of the dashboard's source, computed from its
 * dataset's rows as of `asOf`, after the row filter. Bars are sorted by value, largest first;
 * lines by day (UTC). Throws an Error naming the widget when the dataset does not exist.
 * @param {import('../seed/workspace.js').DashboardRecord} record
 * @param {number} asOf
 * @param {Record<string, string | number>} rowFilter
 * @returns {DashboardData}
 */
export function dashboardData(record, asOf, rowFilter) {
  const source = findDashboard(record.source);
  if (!source) throw new Error(`dashboard ${record.publicId} has no definition`);
  const dataset = record.dataset ?? source.dataset;
  if (!DATASETS.includes(dataset)) throw new Error(`widget ${source.pages[0]?.widgets[0]?.id}: dataset ${dataset} does not exist`);
  const rows = applyRowFilter(datasetRows(/** @type {'orders' | 'tickets'} */ (dataset), asOf), rowFilter);
  const currency = source.currency ?? 'EUR';
  const pages = source.pages.map((page) => ({
    title: humanize(page.title),
    widgets: page.widgets.map(/** @returns {WidgetData} */ (widget) => {
      const title = humanize(widget.title);
      const measure = /** @type {import('../../dashboards/catalog.js').Measure} */ (widget.measure);
      if (widget.type === 'kpi') {
        const value = aggregate(measure, rows);
        return { id: widget.id, type: 'kpi', title, value, text: formatValue(value, measure.format, currency) };
      }
      if (widget.type === 'bar' || widget.type === 'line') {
        const byKey =
          widget.type === 'bar'
            ? groupBy(rows, (row) => String(row[/** @type {string} */ (widget.dimension)]))
            : groupBy(rows, (row) => new Date(row[/** @type {string} */ (widget.time)]).toISOString().slice(0, 10));
        const series = [];
        for (const [label, group] of byKey) series.push({ label, value: aggregate(measure, group) });
        series.sort(widget.type === 'bar' ? (a, b) => b.value - a.value || a.label.localeCompare(b.label) : (a, b) => a.label.localeCompare(b.label));
        return { id: widget.id, type: widget.type, title, format: measure.format, currency, series };
      }
      const columns = widget.columns ?? [];
      return { id: widget.id, type: 'table', title, columns, rows: rows.slice(0, widget.limit ?? 10).map((row) => columns.map((column) => cell(row[column]))) };
    }),
  }));
  return { title: record.title, pages, rowCount: rows.length, asOf };
}
