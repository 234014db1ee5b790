import type * as z from 'zod/mini';
import { InvalidResponseError, NetworkError } from '../errors.js';
import { issueMessage } from './issue-message.js';
import type { SentRequest } from './request.js';

/** Reads a JSON body and validates it with `schema`; the parsed value has unknown fields dropped. */
export async function readJson<S extends z.ZodMiniType>({ response, target }: SentRequest, schema: S): Promise<z.output<S>> {
  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    throw new NetworkError(target, 'the response body was cut off', error);
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch (error) {
    throw new InvalidResponseError(target, response.status, `body is not JSON (starts with ${JSON.stringify(text.slice(0, 40))})`, error);
  }
  const result = schema.safeParse(body);
  if (!result.success) throw new InvalidResponseError(target, response.status, issueMessage(result.error.issues[0], 'body'));
  return result.data;
}
