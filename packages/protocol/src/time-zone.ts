const UTC_OFFSET = /^(?:utc|gmt)?\s*[+\-\u2212]\s*\d/i;

/**
 * True for a bare UTC offset such as `+05:30`, `-0800`, `UTC+2` or `GMT-03:00`, which the service
 * ignores where an IANA name is expected. `Etc/GMT+5` is an IANA name, not a bare offset.
 */
export function isUtcOffset(value: string): boolean {
  return UTC_OFFSET.test(value.trim());
}

/**
 * True when `value` is an IANA time-zone name the runtime knows (`Europe/Berlin`, `UTC`,
 * `America/Argentina/Buenos_Aires`). Bare UTC offsets are rejected even where `Intl` accepts them.
 * @example isIanaTimeZone('Europe/Berlin') // true
 * @example isIanaTimeZone('+05:30') // false
 */
export function isIanaTimeZone(value: unknown): value is string {
  if (typeof value !== 'string' || value === '' || value.length > 64 || isUtcOffset(value)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}
