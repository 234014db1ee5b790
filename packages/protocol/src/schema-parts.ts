import * as z from 'zod/mini';

// Building blocks shared by the catalogs. The protocol deliberately uses a small subset of zod/mini
// (object, looseObject, string, number, boolean, enum, optional, nullable, unknown, custom): each
// further kind of schema or check adds to every bundle that embeds the protocol.

/** A string that must satisfy `test`; `expected` completes the sentence "payload.x expected ...". */
export const stringWhere = (test: (value: string) => boolean, expected: string) =>
  z.custom<string>((value) => typeof value === 'string' && test(value), `expected ${expected}`);

/** A non-empty string. */
export const nonEmptyString = stringWhere((value) => value !== '', 'a non-empty string');

/** A field that must be absent (or undefined). */
export const absent = (why: string) => z.optional(z.custom<undefined>((value) => value === undefined, why));
