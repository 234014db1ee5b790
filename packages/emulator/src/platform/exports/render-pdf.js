import { formatValue } from './format-value.js';
import { buildPdf, pdfString } from './pdf.js';

/** A4 portrait, in points. */
export const PDF_PAGE = { width: 595, height: 842, margin: 48 };

const BAR_COLOR = '0.145 0.388 0.922';
const LINE_COLOR = '0.086 0.639 0.290';
const TEXT_COLOR = '0.067 0.094 0.153';

/** Content streams of A4 pages, with a cursor that starts a new page when one is full. */
function pageWriter() {
  /** @type {string[][]} */
  const pages = [[]];
  let y = PDF_PAGE.margin;
  const current = () => /** @type {string[]} */ (pages.at(-1));
  return {
    pages,
    /** Makes room for `height` points, starting a page when needed; returns the top y. @param {number} height */
    reserve(height) {
      if (y + height > PDF_PAGE.height - PDF_PAGE.margin && y > PDF_PAGE.margin) {
        pages.push([]);
        y = PDF_PAGE.margin;
      }
      const top = y;
      y += height;
      return top;
    },
    /** Text with its baseline `size` points below `top`. @param {number} x @param {number} top @param {number} size @param {string} text @param {boolean} [bold] */
    text(x, top, size, text, bold = false) {
      current().push(`BT ${TEXT_COLOR} rg /${bold ? 'F2' : 'F1'} ${size} Tf ${x} ${PDF_PAGE.height - top - size} Td ${pdfString(text)} Tj ET`);
    },
    /** A filled rectangle, `top` measured from the top of the page. @param {number} x @param {number} top @param {number} w @param {number} h @param {string} color */
    rect(x, top, w, h, color) {
      current().push(`${color} rg ${x} ${(PDF_PAGE.height - top - h).toFixed(2)} ${w.toFixed(2)} ${h.toFixed(2)} re f`);
    },
  };
}

/**
 * Renders the dashboard's figures as a PDF: title and data date, then per dashboard page its KPIs
 * as `title: value` lines, bar charts as rows of label, bar and value, line charts as column
 * charts with their range, and tables. All text is real text (Helvetica), so it can be searched
 * and copied.
 * @param {import('./dashboard-data.js').DashboardData} data
 * @returns {Buffer}
 */
export function renderDashboardPdf(data) {
  const out = pageWriter();
  const left = PDF_PAGE.margin;
  const inner = PDF_PAGE.width - 2 * PDF_PAGE.margin;
  out.text(left, out.reserve(28), 20, data.title, true);
  out.text(left, out.reserve(22), 9, `As of ${new Date(data.asOf).toISOString()}, ${data.rowCount} rows`);
  for (const page of data.pages) {
    out.text(left, out.reserve(30) + 8, 14, page.title, true);
    for (const widget of page.widgets) {
      if (widget.type === 'kpi') {
        out.text(left, out.reserve(16), 11, `${widget.title}: ${widget.text}`);
        continue;
      }
      out.text(left, out.reserve(22) + 6, 11, widget.title, true);
      if (widget.type === 'bar') {
        const max = Math.max(0, ...widget.series.map((point) => point.value));
        for (const point of widget.series) {
          const top = out.reserve(16);
          out.text(left, top, 9, point.label);
          out.rect(left + 110, top + 1, max > 0 ? (point.value / max) * 260 : 0, 10, BAR_COLOR);
          out.text(left + 385, top, 9, formatValue(point.value, widget.format, widget.currency));
        }
      } else if (widget.type === 'line') {
        const max = Math.max(0, ...widget.series.map((point) => point.value));
        const top = out.reserve(90);
        const step = inner / Math.max(1, widget.series.length);
        widget.series.forEach((point, index) => {
          const height = max > 0 ? (point.value / max) * 80 : 0;
          out.rect(left + index * step, top + 80 - height, Math.max(1, step - 2), height, LINE_COLOR);
        });
        const peak = widget.series.reduce((best, point) => (point.value > best.value ? point : best), { label: '', value: -Infinity });
        const first = widget.series[0]?.label ?? '';
        const last = widget.series.at(-1)?.label ?? '';
        out.text(left, out.reserve(16), 8, `${first} to ${last}; peak ${peak.value} on ${peak.label}`);
      } else {
        const width = inner / Math.max(1, widget.columns.length);
        [widget.columns, ...widget.rows].forEach((cells, row) => {
          const top = out.reserve(12);
          cells.forEach((cell, column) => out.text(left + column * width, top, 8, cell.slice(0, Math.floor(width / 4.4)), row === 0));
        });
      }
      out.reserve(8);
    }
  }
  return buildPdf({ pages: out.pages.map((ops) => ops.join('\n')), width: PDF_PAGE.width, height: PDF_PAGE.height, title: data.title });
}
