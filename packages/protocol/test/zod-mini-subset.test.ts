// The script-tag bundles parse messages with zod-mini-subset.ts instead of zod/mini (see the file's
// header). Its contract is parity: for the kinds of schema the protocol uses, the same accepted
// values, the same output and the same first issue as zod/mini. test/node/zod-subset-parity.test.ts
// checks it on the built protocol; this unit table checks each kind of schema on its own, with every
// schema defined once and built with both libraries.
import { describe, expect, it } from 'vitest';
import * as real from 'zod/mini';
import * as subset from '../src/zod-mini-subset.js';

type Lib = typeof subset;
type Parser = { safeParse(data: unknown): any };

/** What a safeParse result says, in a form both libraries share. */
function outcome(schema: Parser, data: unknown) {
  const result = schema.safeParse(data);
  if (result.success) return { success: true, data: result.data };
  const { code, path, expected, values, message } = result.error.issues[0];
  return { success: false, issues: result.error.issues.length > 0, issue: { code, path, expected, values: values && [...values], message } };
}

const both = (define: (z: Lib) => Parser): [Parser, Parser] => [define(real as unknown as Lib), define(subset)];

// Each schema is built inside the test that uses it (built(label)), not when the file loads: a subset
// that fails to build a schema then fails that test, which mutation testing counts (a file that fails
// to load runs no test, and Stryker's vitest runner reports its mutant as survived).
const DEFINITIONS: Record<string, (z: Lib) => Parser> = {
  string: (z) => z.string(),
  number: (z) => z.number(),
  boolean: (z) => z.boolean(),
  unknown: (z) => z.unknown(),
  enum: (z) => z.enum(['csv', 'pdf']),
  custom: (z) => z.custom((value) => value === 'ok', 'expected ok'),
  'custom, default message': (z) => z.custom((value) => value === 'ok'),
  optional: (z) => z.optional(z.string()),
  nullable: (z) => z.nullable(z.number()),
  object: (z) =>
    z.object({ name: z.string(), count: z.optional(z.number()), note: z.nullable(z.string()), extra: z.optional(z.unknown()), maybe: z.nullable(z.optional(z.string())) }),
  'nested object': (z) => z.object({ theme: z.object({ color: z.enum(['red']), any: z.custom(() => true), label: z.optional(z.string()), size: z.optional(z.number()) }) }),
  looseObject: (z) => z.looseObject({ font: z.optional(z.string()), size: z.number() }),
  // A key declared unknown() must be present, as in zod/mini (optional() lets it be missing).
  'object with an unknown() key': (z) => z.object({ value: z.unknown() }),
};

/** The schema `label` built with zod/mini and with the subset. */
const built = (label: string): [Parser, Parser] => both(DEFINITIONS[label]!);

const VALUES: unknown[] = [
  undefined, null, '', 'ok', 'csv', 'pdf', 'x', 0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, true, false, [], ['a'], {},
  { name: 'a' }, { name: 'a', count: 1, note: null, extra: 5, maybe: null, stray: 1 }, { name: 1 }, { name: 'a', count: 'x' },
  { name: 'a', note: 'n' }, { note: 'n' }, { count: 1 }, { name: 'a', note: null }, { name: 'a', note: null, maybe: 'm' },
  { theme: { color: 'red' } }, { theme: { color: 'blue' } }, { theme: { size: 1 } }, { theme: null }, { theme: { color: 'red', size: 'big', x: 1 } }, { theme: { color: 'red', label: 7 } }, { theme: { color: 'red', label: 'l' } }, { theme: { color: 'red', any: undefined } }, { theme: { color: 'red', any: 0, label: 'l' } },
  { size: 1 }, { size: 1, font: 'Inter', other: [1] }, { font: 'Inter' }, { size: '1', font: 2 }, { size: 1, constructor: 1 },
  JSON.parse('{"size":1,"__proto__":{"polluted":1}}'), Object.assign(Object.create({ size: 1 }), { font: 'x' }), Object.create(null),
];

describe('zod/mini subset: same result as zod/mini', () => {
  for (const label of Object.keys(DEFINITIONS)) {
    it(`${label}: same success, output and first issue for each value`, () => {
      const [zod, ours] = built(label);
      for (const value of VALUES) expect(outcome(ours, value), `${label} ${String(JSON.stringify(value))}`).toStrictEqual(outcome(zod, value));
    });
  }

  it('the output of an object drops unknown keys and never copies __proto__; a loose one keeps the other extras', () => {
    const [, strict] = built('object');
    const [, loose] = built('looseObject');
    expect(strict.safeParse({ name: 'a', note: null, stray: 1 }).data).toStrictEqual({ name: 'a', note: null });
    const parsed = loose.safeParse(JSON.parse('{"size":1,"extra":true,"__proto__":{"polluted":1}}')).data;
    expect(parsed).toStrictEqual({ size: 1, extra: true });
    expect(Object.getPrototypeOf(parsed)).toBe(Object.prototype);
  });

  it('a missing required key is one issue naming its path; a wrong present value is its type issue', () => {
    const [, object] = built('object');
    expect(object.safeParse({ note: null }).error.issues).toEqual([{ code: 'invalid_type', expected: 'string', path: ['name'], message: 'Invalid input' }]);
    expect(object.safeParse({ name: 1, note: null }).error.issues).toEqual([{ code: 'invalid_type', expected: 'string', path: ['name'], message: 'Invalid input' }]);
    const [, nested] = built('nested object');
    expect(nested.safeParse({ theme: { color: 'red' } }).error.issues).toEqual([{ code: 'invalid_type', expected: 'nonoptional', path: ['theme', 'any'], message: 'Invalid input' }]);
    expect(nested.safeParse({ theme: { color: 'blue', any: 1 } }).error.issues).toEqual([{ code: 'invalid_value', values: ['red'], path: ['theme', 'color'], message: 'Invalid input' }]);
  });
});
