// Small statistics for the benchmark table.

/** Median of numbers (the mean of the two middle ones for an even count). */
export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** The p-quantile (0..1) of numbers, nearest rank. */
export function quantile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))];
}

/** `{ median, min, max }` of numbers. */
export function spread(values) {
  return { median: median(values), min: Math.min(...values), max: Math.max(...values) };
}

/** Formats a number with a fixed number of significant decimals and thousands separators. */
export function format(value, decimals = 0) {
  return value.toLocaleString('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
}

/** `median (min–max)` of a spread. */
export function formatSpread({ median, min, max }, decimals = 0) {
  return `${format(median, decimals)} (${format(min, decimals)}–${format(max, decimals)})`;
}
