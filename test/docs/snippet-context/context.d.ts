// What the README snippets take from the reader's own code: their backend helpers, their app and
// their data. Only these names are declared; everything of ours comes from the built packages.
import type { PlatformClient } from '@svc-embed/platform';
import type { SessionEndpoint } from '@svc-embed/server';

declare global {
  /** The reader's platform client, made as in the platform quick start. */
  const client: PlatformClient;
  /** The reader's own API inside the embedded surface. */
  const api: { exchangeSession(sessionId: string): Promise<{ expiresAt: number }>; onUnauthorized(listener: () => void): void };
  /** The surface's session token as its page received it. */
  const token: { expiresAt: number };
  /** The reader's dashboard app inside the surface. */
  const dashboard: Record<string, (...args: any[]) => unknown>;
  /** A message event the reader's listener received. */
  const messageEvent: MessageEvent;
  /** The reader's bulk-move items and environment id. */
  const items: { type: 'WORKBOOK' | 'FOLDER'; id: number }[];
  const manyItems: { type: 'WORKBOOK' | 'FOLDER'; id: number }[];
  const envId: string;
  /** The reader's own auth on their backend: the signed-in user of a request, or null (the server README's `viewer`). */
  function currentUser(request: Request): Promise<{ id: string } | null>;
  /** The reader's call of the service's revocation with their API key (the root README's backend). */
  function revokeAtTheService(sessionId: string): Promise<void>;
  /** The reader's web server (Express-like) and its request. */
  const app: { post(path: string, handler: (req: { user: { id: string } }, res: { json(body: unknown): void }) => unknown): void };
  /** The reader's session endpoint, exported by a module of theirs (the server README's Next.js page). */
  const endpoint: SessionEndpoint;
  /** The reader's client component with the embed (the server README's Next.js page). */
  function Analytics(): null;
}
export {};
