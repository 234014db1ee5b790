// The subset of zod/mini that the protocol's schemas use (object, looseObject, string, number,
// boolean, enum, optional, nullable, unknown, custom and safeParse), with zod's semantics for that
// subset: same accepted values, same output (unknown keys stripped, `__proto__` never copied,
// optional keys omitted when absent), same first issue (code, path, expected, values, message).
//
// Why: zod/mini costs about 5.5 KB gzip on its own, more than the whole script-tag budget leaves.
// The `<script>` (IIFE) bundles are built with `zod/mini` aliased to this file (rollup.config.mjs),
// so they run the very same schema definitions on a 0.5 KB runtime. npm builds keep real zod/mini,
// and types always come from it. `test/node/zod-subset-parity.test.ts` runs every protocol test
// input and generated hostile input through both and requires identical results.
//
// Not part of the public API; never imported directly by the protocol's own modules.

/** A zod issue, as far as the protocol reads it. */
interface Issue {
  code: string;
  path: PropertyKey[];
  message: string;
  expected?: string;
  values?: readonly unknown[];
}

type Run = (value: unknown, path: PropertyKey[], issues: Issue[]) => unknown;

/** A schema of the subset: `run` validates and returns the output; `optional` marks optional-in/out. */
export interface SubsetSchema {
  run: Run;
  optional?: boolean;
  safeParse(data: unknown): { success: true; data: unknown } | { success: false; error: { issues: Issue[] } };
}

const INVALID = 'Invalid input';

function schema(run: Run, optional?: boolean): SubsetSchema {
  return {
    run,
    optional,
    safeParse(data) {
      const issues: Issue[] = [];
      const value = run(data, [], issues);
      return issues.length ? { success: false, error: { issues } } : { success: true, data: value };
    },
  };
}

const typed = (expected: string, test: (value: unknown) => boolean) => () =>
  schema((value, path, issues) => {
    if (!test(value)) issues.push({ code: 'invalid_type', expected, path, message: INVALID });
    return value;
  });

export const string = typed('string', (value) => typeof value === 'string');
export const number = typed('number', (value) => typeof value === 'number' && Number.isFinite(value));
export const boolean = typed('boolean', (value) => typeof value === 'boolean');
// Like zod/mini's: a key declared `unknown()` must be present (wrap it in `optional()` to allow it missing).
export const unknown = () => schema((value) => value, false);

export function custom(test: (value: unknown) => unknown, message = INVALID): SubsetSchema {
  return schema((value, path, issues) => {
    if (!test(value)) issues.push({ code: 'custom', path, message });
    return value;
  });
}

function oneOf(values: readonly unknown[]): SubsetSchema {
  return schema((value, path, issues) => {
    if (!values.includes(value)) issues.push({ code: 'invalid_value', values, path, message: INVALID });
    return value;
  });
}
export { oneOf as enum };

export const optional = (inner: SubsetSchema) =>
  schema((value, path, issues) => (value === undefined ? value : inner.run(value, path, issues)), true);

export const nullable = (inner: SubsetSchema) =>
  schema((value, path, issues) => (value === null ? value : inner.run(value, path, issues)), inner.optional);

function shaped(shape: Record<string, SubsetSchema>, loose: boolean): SubsetSchema {
  return schema((input: any, path, issues) => {
    if (typeof input !== 'object' || input === null || Array.isArray(input)) {
      issues.push({ code: 'invalid_type', expected: 'object', path, message: INVALID });
      return input;
    }
    const output: Record<string, unknown> = {};
    // for...in, not Object.entries: this runs for every message, and entries() allocates per call.
    for (const key in shape) {
      const field = shape[key];
      if (!field) continue;
      const before = issues.length;
      const value = field.run(input[key], [...path, key], issues);
      const present = key in input;
      if (!present) {
        if (field.optional) issues.length = before;
        else if (issues.length === before) issues.push({ code: 'invalid_type', expected: 'nonoptional', path: [...path, key], message: INVALID });
      } else output[key] = value;
    }
    if (loose) for (const key in input) if (!Object.prototype.hasOwnProperty.call(shape, key) && key !== '__proto__') output[key] = input[key];
    return output;
  });
}

export const object = (shape: Record<string, SubsetSchema>) => shaped(shape, false);
export const looseObject = (shape: Record<string, SubsetSchema>) => shaped(shape, true);
