import { numericId, requireBoolean, requireExactlyOne, requireString } from '../checks.js';
import type { ClientContext } from '../context.js';
import { checkEmbedTenantName, checkOverrides, type RenderOverrides } from '../exports/render-as.js';
import { readJson } from '../http/read-json.js';
import { send } from '../http/request.js';
import { embedSessionResponseSchema } from '../schemas/embed-session.js';

/** Who the signed embed session is for; `externalId` xor `internalId`. */
export type EmbedSessionRequest = RenderOverrides & {
  /** The deployment whose content is embedded. */
  deploymentId: number;
  /** The viewer's email. */
  email?: string;
  /** The viewer's embed tenant, `^[a-z][a-z0-9-]{3,34}[a-z0-9]$`. */
  embedTenantName?: string;
  /** Open the creator-mode app instead of a read-only surface. */
  creatorMode?: boolean;
  /** Cancels the request. */
  signal?: AbortSignal;
} & (
    | { externalId: string; internalId?: never }
    | { internalId: string; externalId?: never }
  );

/**
 * `POST /api/v1/embed/generate-session` (SERVICE-NOTES.md): mints a single-use session id, valid
 * 5 minutes, for the browser to exchange. Call it from your backend only: the API key must never
 * reach a browser. `externalId` is sent trimmed and lowercased. Never retried: each call mints.
 * @example
 * const sessionId = await client.generateEmbedSessionId({ deploymentId: 42, externalId: 'user-17' });
 */
export async function generateEmbedSessionId(ctx: ClientContext, request: EmbedSessionRequest): Promise<string> {
  const input = (request ?? {}) as unknown as Record<string, unknown>;
  const body: Record<string, unknown> = { deploymentId: numericId('deploymentId', input.deploymentId) };
  if (requireExactlyOne(input, 'externalId', 'internalId') === 'externalId')
    body.externalId = requireString('externalId', input.externalId).trim().toLowerCase();
  else body.internalId = requireString('internalId', input.internalId).trim();
  if (input.email !== undefined) body.email = requireString('email', input.email).trim();
  if (input.embedTenantName !== undefined) body.embedTenantName = checkEmbedTenantName('embedTenantName', input.embedTenantName);
  if (input.creatorMode !== undefined) body.creatorMode = requireBoolean('creatorMode', input.creatorMode);
  Object.assign(body, checkOverrides('', input as RenderOverrides));
  const sent = await send(ctx, { method: 'POST', path: '/api/v1/embed/generate-session', body, idempotent: false, signal: request.signal });
  return (await readJson(sent, embedSessionResponseSchema)).sessionId;
}
