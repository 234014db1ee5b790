// Locale- and time-zone-aware formatting of the dashboard's values, through Intl only.

/**
 * @param {{ locale: string, timeZone: string, currency?: string }} settings
 */
export function formatters({ locale, timeZone, currency = 'EUR' }) {
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
  const money = new Intl.NumberFormat(locale, { style: 'currency', currency, maximumFractionDigits: 0 });
  const moneyExact = new Intl.NumberFormat(locale, { style: 'currency', currency });
  const minutes = new Intl.NumberFormat(locale, { style: 'unit', unit: 'minute', unitDisplay: 'short', maximumFractionDigits: 0 });
  const dateTime = new Intl.DateTimeFormat(locale, { timeZone, dateStyle: 'medium', timeStyle: 'short' });
  const time = new Intl.DateTimeFormat(locale, { timeZone, timeStyle: 'medium' });
  const day = new Intl.DateTimeFormat(locale, { timeZone, month: 'short', day: 'numeric' });
  const dayKey = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
  const zoneName = new Intl.DateTimeFormat(locale, { timeZone, timeZoneName: 'short' });
  return {
    /** @param {number} value @param {'currency' | 'number' | 'minutes'} kind */
    value(value, kind) {
      if (kind === 'currency') return money.format(value);
      if (kind === 'minutes') return minutes.format(value);
      return number.format(value);
    },
    /** @param {number} value */
    money: (value) => moneyExact.format(value),
    /** @param {number} ms */
    dateTime: (ms) => dateTime.format(ms),
    /** @param {number} ms */
    time: (ms) => time.format(ms),
    /** @param {number} ms */
    day: (ms) => day.format(ms),
    /** The calendar day of an instant in the time zone, as `YYYY-MM-DD` (sortable). @param {number} ms */
    dayKey: (ms) => dayKey.format(ms),
    /** Short name of the zone, such as `CET` or `GMT+9`. */
    zone: () => zoneName.formatToParts(Date.now()).find((part) => part.type === 'timeZoneName')?.value ?? timeZone,
  };
}

/** True for a time zone Intl knows. @param {string} timeZone */
export function isKnownTimeZone(timeZone) {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

/** True for a locale tag Intl accepts. @param {string} locale */
export function isKnownLocale(locale) {
  try {
    return Intl.getCanonicalLocales(locale).length === 1;
  } catch {
    return false;
  }
}
