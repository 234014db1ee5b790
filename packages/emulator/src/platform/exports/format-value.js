/** @param {number} value @param {number} digits */
const grouped = (value, digits) =>
  value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

/**
 * A figure as the export files print it: `EUR 1,234.50`, `1,234`, `95 min`.
 * @param {number} value
 * @param {'currency' | 'number' | 'minutes'} format
 * @param {string} [currency]
 */
export function formatValue(value, format, currency = 'EUR') {
  if (format === 'currency') return `${currency} ${grouped(value, 2)}`;
  if (format === 'minutes') return `${Math.round(value)} min`;
  return Number.isInteger(value) ? grouped(value, 0) : grouped(value, 2);
}
