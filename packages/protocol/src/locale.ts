/**
 * True when `value` is a well-formed BCP 47 locale tag with an ISO 639 language (two or three
 * letters): a full code (`es-ES`), a short code (`es`) or a regional variant (`zh-Hant-TW`, `es-419`).
 * @example isLocaleTag('es-ES') // true
 * @example isLocaleTag('english') // false
 */
export function isLocaleTag(value: unknown): value is string {
  if (typeof value !== 'string' || value.length > 35 || !/^[a-z]{2,3}(?:-|$)/i.test(value)) return false;
  try {
    return Intl.getCanonicalLocales(value).length === 1;
  } catch {
    return false;
  }
}
