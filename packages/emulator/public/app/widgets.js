// One renderer per widget type. Each returns the widget's body and what its downloads contain.
import { applyFilters, groupBy, measureOf, perDay } from './aggregate.js';
import { barChart, lineChart } from './charts.js';
import { h } from './dom.js';

/**
 * @typedef {object} WidgetContext
 * @property {Array<Record<string, any>>} rows Rows after the dashboard's filters.
 * @property {ReturnType<typeof import('./i18n.js').translator>} t
 * @property {ReturnType<typeof import('./format.js').formatters>} fmt
 * @property {import('./charts.js').ChartColors} colors
 * @property {number} generatedAt
 * @property {(widget: any, item: { key: string, value: number }) => void} onDrill
 */

/**
 * @typedef {object} RenderedWidget
 * @property {Node} body
 * @property {SVGSVGElement} [chart] Exportable as PNG.
 * @property {{ header: string[], rows: unknown[][] }} [data] Exportable as CSV.
 */

/** @param {Record<string, any>} row @param {string} column @param {WidgetContext} context */
function cell(row, column, { t, fmt }) {
  const value = row[column];
  if (column === 'createdAt' || column === 'openedAt') return fmt.dateTime(value);
  if (column === 'amount') return fmt.money(value);
  if (['region', 'status', 'category', 'channel', 'priority'].includes(column)) return t(value);
  return String(value);
}

/** @type {Record<string, (widget: any, context: WidgetContext) => RenderedWidget>} */
const RENDERERS = {
  kpi(widget, { rows, t, fmt }) {
    const value = measureOf(rows, widget.measure);
    return { body: h('p', { class: 'kpi-value', 'data-value': value }, fmt.value(value, widget.measure.format)), data: { header: [t(widget.title)], rows: [[value]] } };
  },
  bar(widget, context) {
    const { rows, t, fmt, colors } = context;
    const items = groupBy(rows, widget.dimension, widget.measure);
    if (!items.length) return { body: h('p', { class: 'empty' }, t('noData')) };
    const chart = barChart(items, {
      label: (key) => t(key),
      format: (value) => fmt.value(value, widget.measure.format),
      colors,
      title: t(widget.title),
      onSelect: (item) => context.onDrill(widget, item),
    });
    return { body: chart, chart, data: { header: [t(widget.dimension), t(widget.measure.member)], rows: items.map((item) => [t(item.key), round(item.value)]) } };
  },
  line(widget, { rows, t, fmt, colors, generatedAt }) {
    const points = perDay(rows, widget.time, widget.measure, fmt.dayKey, generatedAt, 14);
    const chart = lineChart(points, { dayLabel: fmt.day, format: (value) => fmt.value(value, widget.measure.format), colors, title: t(widget.title) });
    return { body: chart, chart, data: { header: ['day', t(widget.measure.member)], rows: points.map((point) => [point.key, round(point.value)]) } };
  },
  table(widget, context) {
    const { rows, t } = context;
    const shown = rows.slice(0, widget.limit ?? 10);
    const table = h(
      'table',
      { class: 'data-table' },
      h('thead', {}, h('tr', {}, ...widget.columns.map((column) => h('th', { scope: 'col' }, t(column))))),
      h('tbody', {}, ...shown.map((row) => h('tr', { 'data-row-id': row.id }, ...widget.columns.map((column) => h('td', { 'data-column': column }, cell(row, column, context)))))),
    );
    const exported = rows.map((row) => widget.columns.map((column) => (column.endsWith('At') ? new Date(row[column]).toISOString() : row[column])));
    return { body: shown.length ? table : h('p', { class: 'empty' }, t('noData')), data: { header: widget.columns, rows: exported } };
  },
};

/** @param {number} value */
const round = (value) => Math.round(value * 100) / 100;

/**
 * Renders one widget. `simulateError` makes it throw as a broken widget would.
 * @param {any} widget
 * @param {WidgetContext} context
 * @param {boolean} simulateError
 * @returns {RenderedWidget}
 */
export function renderWidget(widget, context, simulateError) {
  if (simulateError) throw new Error(`simulated render error in widget "${widget.id}"`);
  return RENDERERS[widget.type](widget, context);
}

/** The drilldown breakdown: rows of the clicked bar, grouped by the widget's drill field. */
export function renderBreakdown(/** @type {any} */ widget, /** @type {string} */ key, /** @type {WidgetContext} */ context) {
  const rows = applyFilters(context.rows, { [widget.dimension]: key });
  const items = groupBy(rows, widget.drill, widget.measure);
  return barChart(items, {
    label: (value) => context.t(value),
    format: (value) => context.fmt.value(value, widget.measure.format),
    colors: context.colors,
    title: context.t('drillInto', { key: context.t(key), field: context.t(widget.drill) }),
  });
}
