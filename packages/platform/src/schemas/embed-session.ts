import * as z from 'zod/mini';

/** Response of `POST /api/v1/embed/generate-session` (SERVICE-NOTES.md). */
export const embedSessionResponseSchema = z.object({ sessionId: z.string().check(z.minLength(1)) });
