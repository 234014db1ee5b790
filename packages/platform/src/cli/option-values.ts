import { UsageError } from './usage-error.js';

type Values = Record<string, string | boolean | undefined>;

/** A string option that must be present. */
export function required(values: Values, name: string): string {
  const value = values[name];
  if (typeof value !== 'string' || value === '') throw new UsageError(`--${name} is required`);
  return value;
}

/** An optional string option. */
export function optional(values: Values, name: string): string | undefined {
  const value = values[name];
  return typeof value === 'string' ? value : undefined;
}

/** An optional integer option (>= min). */
export function integer(values: Values, name: string, min = 0): number | undefined {
  const value = optional(values, name);
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value) || Number(value) < min) throw new UsageError(`--${name} must be an integer of at least ${min} (got ${value})`);
  return Number(value);
}

/** A deployment id as given: digits become a number, anything else stays a string. */
export function deploymentId(values: Values): number | string {
  const value = required(values, 'deployment');
  return /^\d+$/.test(value) ? Number(value) : value;
}
