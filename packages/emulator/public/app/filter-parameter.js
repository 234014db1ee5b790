// Reads `f_<semantic_view>.<dimension>=<JSON>` as the service documents it. The value `{"value": x}`
// filters on equality with x; `{"value": null}` (or an empty string) clears the filter.

const FILTER = /^f_([^.=\s]+)\.([^=\s]+)=(.+)$/s;

/**
 * @param {string} parameter
 * @returns {{ view: string, dimension: string, value: string | null } | undefined}
 */
export function parseFilter(parameter) {
  const match = FILTER.exec(parameter);
  if (!match) return undefined;
  let json;
  try {
    json = JSON.parse(match[3]);
  } catch {
    return undefined;
  }
  if (typeof json !== 'object' || json === null || !('value' in json)) return undefined;
  const value = json.value;
  if (value !== null && typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') return undefined;
  return { view: match[1], dimension: match[2], value: value === null || value === '' ? null : String(value) };
}
