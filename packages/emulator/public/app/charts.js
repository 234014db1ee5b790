// SVG charts drawn with the DOM: horizontal bars (clickable for drilldown) and a daily line.
// Colours are passed in as values, not CSS variables, so an exported PNG looks like the screen.

const SVG = 'http://www.w3.org/2000/svg';

/**
 * @param {string} name
 * @param {Record<string, string | number>} attributes
 * @param {string} [text]
 */
function node(name, attributes, text) {
  const element = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes)) element.setAttribute(key, String(value));
  if (text !== undefined) element.textContent = text;
  return element;
}

/**
 * @typedef {{ primary: string, text: string, muted: string, grid: string, font: string }} ChartColors
 */

/**
 * A horizontal bar chart. Each bar is focusable and calls `onSelect(item)` on click or Enter.
 * @param {Array<{ key: string, value: number }>} items
 * @param {{ label: (key: string) => string, format: (value: number) => string, colors: ChartColors, title: string, onSelect?: (item: { key: string, value: number }) => void }} options
 */
export function barChart(items, { label, format, colors, title, onSelect }) {
  const width = 420;
  const row = 30;
  const labelWidth = 118;
  const valueWidth = 86;
  const height = Math.max(items.length, 1) * row + 8;
  const max = Math.max(...items.map((item) => item.value), 1);
  const svg = node('svg', { viewBox: `0 0 ${width} ${height}`, width, height, role: 'img', 'aria-label': title, 'font-family': colors.font, class: 'chart bar-chart' });
  items.forEach((item, index) => {
    const y = 4 + index * row;
    const barWidth = Math.max(2, ((width - labelWidth - valueWidth) * item.value) / max);
    const group = node('g', { class: 'bar', 'data-key': item.key, tabindex: onSelect ? 0 : -1, role: onSelect ? 'button' : 'presentation', 'aria-label': `${label(item.key)}: ${format(item.value)}` });
    group.append(
      node('text', { x: labelWidth - 8, y: y + row / 2, 'text-anchor': 'end', 'dominant-baseline': 'middle', fill: colors.text, 'font-size': 12 }, label(item.key)),
      node('rect', { x: labelWidth, y: y + 4, width: barWidth, height: row - 10, rx: 3, fill: colors.primary }),
      node('text', { x: labelWidth + barWidth + 6, y: y + row / 2, 'dominant-baseline': 'middle', fill: colors.muted, 'font-size': 12 }, format(item.value)),
    );
    if (onSelect) {
      group.addEventListener('click', () => onSelect(item));
      group.addEventListener('keydown', (event) => {
        if (event.key === 'Enter' || event.key === ' ') onSelect(item);
      });
    }
    svg.append(group);
  });
  return svg;
}

/**
 * A line chart over daily buckets with a few date labels along the bottom.
 * @param {Array<{ key: string, at: number, value: number }>} points
 * @param {{ dayLabel: (ms: number) => string, format: (value: number) => string, colors: ChartColors, title: string }} options
 */
export function lineChart(points, { dayLabel, format, colors, title }) {
  const width = 420;
  const height = 180;
  const left = 36;
  const bottom = 24;
  const top = 10;
  const max = Math.max(...points.map((point) => point.value), 1);
  const x = (/** @type {number} */ index) => left + (index * (width - left - 10)) / Math.max(points.length - 1, 1);
  const y = (/** @type {number} */ value) => top + (1 - value / max) * (height - top - bottom);
  const svg = node('svg', { viewBox: `0 0 ${width} ${height}`, width, height, role: 'img', 'aria-label': title, 'font-family': colors.font, class: 'chart line-chart' });
  for (const fraction of [0, 0.5, 1]) {
    const value = max * fraction;
    svg.append(
      node('line', { x1: left, x2: width - 10, y1: y(value), y2: y(value), stroke: colors.grid, 'stroke-width': 1 }),
      node('text', { x: left - 6, y: y(value), 'text-anchor': 'end', 'dominant-baseline': 'middle', fill: colors.muted, 'font-size': 10 }, format(value)),
    );
  }
  const path = points.map((point, index) => `${index ? 'L' : 'M'}${x(index).toFixed(1)},${y(point.value).toFixed(1)}`).join(' ');
  svg.append(node('path', { d: path, fill: 'none', stroke: colors.primary, 'stroke-width': 2.5, 'stroke-linejoin': 'round' }));
  points.forEach((point, index) => {
    const dot = node('circle', { cx: x(index), cy: y(point.value), r: 3, fill: colors.primary, 'data-day': point.key });
    dot.append(node('title', {}, `${dayLabel(point.at)}: ${format(point.value)}`));
    svg.append(dot);
    if ((points.length - 1 - index) % 3 === 0)
      svg.append(node('text', { x: x(index), y: height - 6, 'text-anchor': index === points.length - 1 ? 'end' : index === 0 ? 'start' : 'middle', fill: colors.muted, 'font-size': 10, class: 'day-label' }, dayLabel(point.at)));
  });
  return svg;
}
