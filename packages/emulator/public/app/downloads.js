// The dashboard's download buttons: a real CSV or PNG file; the event reports only the row count.
import { saveBlob, svgToPng, toCsv } from './exports.js';

/**
 * Saves rows as `<name>.csv` and returns how many data rows it holds.
 * @param {{ header: string[], rows: unknown[][] }} data
 * @param {string} name
 */
export function exportCsv(data, name) {
  saveBlob(new Blob([toCsv(data.header, data.rows)], { type: 'text/csv;charset=utf-8' }), `${name}.csv`);
  return data.rows.length;
}

/**
 * Saves a chart as `<name>.png` on the current background colour.
 * @param {SVGSVGElement} chart
 * @param {string} name
 */
export async function exportPng(chart, name) {
  const background = getComputedStyle(document.documentElement).getPropertyValue('--surface').trim() || '#ffffff';
  saveBlob(await svgToPng(chart, background), `${name}.png`);
}
