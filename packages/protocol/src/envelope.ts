import * as z from 'zod/mini';
import { SOURCE, SURFACES } from './constants.js';
import { absent } from './schema-parts.js';

const base = {
  source: z.enum([SOURCE]),
  type: z.string(),
  payload: z.optional(z.unknown()),
  timestamp: z.number(),
};

/** Envelope of an event (embed to host): `surface` is required. */
export const eventEnvelopeSchema = z.object({
  ...base,
  direction: z.enum(['event']),
  surface: z.enum(SURFACES),
});

/** Envelope of an action (host to embed): `surface` is never sent. */
export const actionEnvelopeSchema = z.object({
  ...base,
  direction: z.enum(['action']),
  surface: absent('must not be present on actions'),
});
