import { encodePng } from './png.js';
import { GLYPH_HEIGHT, textWidth } from './pixel-font.js';
import { createRaster } from './raster.js';

/** Layout of the PNG export, in pixels. */
export const PNG_LAYOUT = { width: 960, margin: 24, title: 64, pageHeader: 44, kpiRow: 100, barMax: 160, lineMax: 120, tableRow: 12 };

/** Colours of the PNG export; `bar` is used for nothing but bar rectangles. */
export const PNG_COLORS = /** @type {const} */ ({
  background: [255, 255, 255],
  titleBand: [31, 41, 55],
  titleText: [255, 255, 255],
  text: [17, 24, 39],
  muted: [107, 114, 128],
  tile: [243, 244, 246],
  axis: [156, 163, 175],
  bar: [37, 99, 235],
  line: [22, 163, 74],
});

const L = PNG_LAYOUT;
const C = PNG_COLORS;
const INNER = L.width - 2 * L.margin;
const SECTION_TITLE = 28;
const GAP = 16;

/** @param {import('./dashboard-data.js').WidgetData} widget */
function sectionHeight(widget) {
  if (widget.type === 'bar') return SECTION_TITLE + 14 + L.barMax + 24 + GAP;
  if (widget.type === 'line') return SECTION_TITLE + L.lineMax + 24 + GAP;
  if (widget.type === 'table') return SECTION_TITLE + (widget.rows.length + 1) * L.tableRow + GAP;
  return 0;
}

/** Consecutive KPI widgets share rows of four tiles. @param {import('./dashboard-data.js').WidgetData[]} widgets */
function kpiRows(widgets) {
  return Math.ceil(widgets.filter((widget) => widget.type === 'kpi').length / 4);
}

/** @param {import('./dashboard-data.js').DashboardData} data */
function imageHeight(data) {
  return data.pages.reduce(
    (total, page) => total + L.pageHeader + kpiRows(page.widgets) * L.kpiRow + page.widgets.reduce((sum, widget) => sum + sectionHeight(widget), 0),
    L.title + L.margin,
  );
}

/** @param {number} value @param {number} max @param {number} span */
const scaled = (value, max, span) => (max <= 0 || value <= 0 ? 0 : Math.max(1, Math.round((value / max) * span)));

/** @typedef {ReturnType<typeof createRaster>} Raster */
/** @typedef {import('./dashboard-data.js').WidgetData} WidgetData */

/** A page's KPI tiles, four to a row, from `top`. @param {{ image: Raster, kpis: WidgetData[], top: number }} tiles */
function drawKpis({ image, kpis, top }) {
  kpis.forEach((kpi, index) => {
    const x = L.margin + (index % 4) * (INNER / 4);
    const tileTop = top + Math.floor(index / 4) * L.kpiRow;
    image.fillRect(x, tileTop, INNER / 4 - 12, L.kpiRow - 16, C.tile);
    image.text(x + 10, tileTop + 12, kpi.title, C.muted, 1);
    image.text(x + 10, tileTop + 34, kpi.type === 'kpi' ? kpi.text : '', C.text, 2);
  });
}

/** Bars scaled to the largest value, each with its value above and its label below. @param {{ image: Raster, widget: WidgetData & { type: 'bar' }, top: number }} chart */
function drawBars({ image, widget, top }) {
  const max = Math.max(0, ...widget.series.map((point) => point.value));
  const slot = Math.floor(INNER / Math.max(1, widget.series.length));
  const barWidth = Math.max(2, Math.min(120, slot - 16));
  const base = top + 14 + L.barMax;
  widget.series.forEach((point, index) => {
    const x = L.margin + index * slot + Math.floor((slot - barWidth) / 2);
    const height = scaled(point.value, max, L.barMax);
    image.fillRect(x, base - height, barWidth, height, C.bar);
    image.text(x, base - height - 10, String(point.value), C.muted, 1);
    image.text(x, base + 8, point.label.slice(0, Math.max(1, Math.floor(slot / 12))), C.text, 2);
  });
  image.fillRect(L.margin, base, INNER, 1, C.axis);
}

/** A line through the points, scaled to the largest value, with the first and last labels. @param {{ image: Raster, widget: WidgetData & { type: 'line' }, top: number }} chart */
function drawLineChart({ image, widget, top }) {
  const max = Math.max(0, ...widget.series.map((point) => point.value));
  const base = top + L.lineMax;
  const step = widget.series.length > 1 ? INNER / (widget.series.length - 1) : 0;
  const points = widget.series.map((point, index) => ({ x: Math.round(L.margin + index * step), y: base - scaled(point.value, max, L.lineMax) }));
  points.forEach((to, index) => {
    const from = points[index - 1];
    if (from) image.line(from.x, from.y, to.x, to.y, C.line);
  });
  image.fillRect(L.margin, base + 2, INNER, 1, C.axis);
  const first = widget.series[0]?.label ?? '';
  const last = widget.series.at(-1)?.label ?? '';
  image.text(L.margin, base + 10, first, C.muted, 1);
  image.text(L.margin + INNER - textWidth(last, 1), base + 10, last, C.muted, 1);
}

/** The header row, then the rows, each cell cut to its column. @param {{ image: Raster, widget: WidgetData & { type: 'table' }, top: number }} table */
function drawTable({ image, widget, top }) {
  const width = INNER / Math.max(1, widget.columns.length);
  [widget.columns, ...widget.rows].forEach((cells, row) => {
    cells.forEach((cell, column) => {
      image.text(L.margin + column * width, top + row * L.tableRow, cell.slice(0, Math.floor(width / 6) - 1), row === 0 ? C.muted : C.text, 1);
    });
  });
}

/**
 * One page from `y`: its title and rule, its KPI tiles, then a titled section per other widget.
 * Returns where the next page starts.
 * @param {{ image: Raster, page: import('./dashboard-data.js').DashboardData['pages'][number], y: number }} section
 */
function drawPage({ image, page, y }) {
  image.text(L.margin, y + 16, page.title, C.text, 2);
  image.fillRect(L.margin, y + L.pageHeader - 6, INNER, 1, C.axis);
  let top = y + L.pageHeader;
  drawKpis({ image, kpis: page.widgets.filter((widget) => widget.type === 'kpi'), top });
  top += kpiRows(page.widgets) * L.kpiRow;
  for (const widget of page.widgets) {
    if (widget.type === 'kpi') continue;
    image.text(L.margin, top + 6, widget.title, C.text, 2);
    const chartTop = top + SECTION_TITLE;
    if (widget.type === 'bar') drawBars({ image, widget, top: chartTop });
    else if (widget.type === 'line') drawLineChart({ image, widget, top: chartTop });
    else drawTable({ image, widget, top: chartTop });
    top += sectionHeight(widget);
  }
  return top;
}

/**
 * Renders the dashboard's figures as a PNG: a title band, then per page its KPI tiles, bar
 * charts (bar height = value / largest value x {@link PNG_LAYOUT}.barMax), line charts and tables.
 * @param {import('./dashboard-data.js').DashboardData} data
 * @returns {Buffer}
 */
export function renderDashboardPng(data) {
  const image = createRaster(L.width, imageHeight(data), C.background);
  image.fillRect(0, 0, L.width, L.title, C.titleBand);
  image.text(L.margin, (L.title - GLYPH_HEIGHT * 3) / 2, data.title, C.titleText, 3);
  let y = L.title;
  for (const page of data.pages) y = drawPage({ image, page, y });
  return encodePng({
    width: image.width,
    height: image.height,
    rgb: image.rgb,
    text: { Title: data.title, Description: `${data.rowCount} rows as of ${new Date(data.asOf).toISOString()}`, Software: 'svc-embed emulator' },
  });
}
