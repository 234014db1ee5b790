import { InvalidArgumentError } from './errors.js';

// Argument checks run before a request is sent. Each throws an InvalidArgumentError naming the field.

const show = (value: unknown) => {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
};

/** A plain object (not null, not an array). */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** An integer >= `min` (default 1). */
export function requireInteger(field: string, value: unknown, min = 1): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < min)
    throw new InvalidArgumentError(field, `${field} must be an integer of at least ${min} (got ${show(value)})`);
  return value;
}

/** A finite number > 0. */
export function requirePositiveNumber(field: string, value: unknown): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0)
    throw new InvalidArgumentError(field, `${field} must be a positive number (got ${show(value)})`);
  return value;
}

/** A string that is not blank. */
export function requireString(field: string, value: unknown): string {
  if (typeof value !== 'string' || value.trim() === '')
    throw new InvalidArgumentError(field, `${field} must be a non-empty string (got ${show(value)})`);
  return value;
}

/** A boolean. */
export function requireBoolean(field: string, value: unknown): boolean {
  if (typeof value !== 'boolean') throw new InvalidArgumentError(field, `${field} must be true or false (got ${show(value)})`);
  return value;
}

/** A plain JSON object. */
export function requireObject(field: string, value: unknown): Record<string, unknown> {
  if (!isPlainObject(value)) throw new InvalidArgumentError(field, `${field} must be a plain object (got ${show(value)})`);
  return value;
}

/** One of `allowed`. */
export function requireOneOf<T extends string>(field: string, value: unknown, allowed: readonly T[]): T {
  if (typeof value !== 'string' || !allowed.includes(value as T))
    throw new InvalidArgumentError(field, `${field} must be one of ${allowed.join(', ')} (got ${show(value)})`);
  return value as T;
}

/** Exactly one of two fields of `input` is present (not undefined). Returns the present one's name. */
export function requireExactlyOne<A extends string, B extends string>(input: Record<string, unknown>, a: A, b: B): A | B {
  const hasA = input[a] !== undefined;
  const hasB = input[b] !== undefined;
  if (hasA === hasB)
    throw new InvalidArgumentError(hasA ? b : `${a}|${b}`, `give exactly one of ${a} or ${b} (got ${hasA ? 'both' : 'neither'})`);
  return hasA ? a : b;
}

/** An id for a path segment: a positive integer, or a non-blank string. Returns it URL-encoded. */
export function idSegment(field: string, value: unknown): string {
  if (typeof value === 'number') return String(requireInteger(field, value));
  return encodeURIComponent(requireString(field, value));
}

/** A deployment id that must be numeric (a number, or a string of digits as the listing returns it). */
export function numericId(field: string, value: unknown): number {
  if (typeof value === 'string' && /^\d{1,15}$/.test(value)) return requireInteger(field, Number(value));
  return requireInteger(field, value);
}
