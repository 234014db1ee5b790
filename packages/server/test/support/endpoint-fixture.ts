// A session endpoint over a fake service, and requests as a browser on the app's page sends them.
// The viewer is named by an `x-viewer` header: the tests' stand-in for the customer's own auth.
import { createSessionEndpoint } from '../../src/index.js';
import type { SessionEndpointOptions, Viewer } from '../../src/index.js';
import { ID_LIFETIME_MS } from './whole-ledger.js';

export const ORIGIN = 'https://app.example';
export const PATH = '/api/embed-session';
export const SECRET = 'sk_live_SECRET_API_KEY_123';
export const SERVICE_BODY = '{"error":"internal details of the service: row 17, shard eu-3"}';

/** A fake service: mints `ses_<n>`, records revocations; each can be made to fail. */
export function fakeService() {
  const service = {
    minted: [] as string[],
    revoked: [] as string[],
    mintCalls: 0,
    failMint: false,
    failRevoke: false,
    async mint(viewer: Viewer): Promise<string> {
      service.mintCalls += 1;
      if (service.failMint) throw new Error(`POST https://tenant.example/api/v1/embed/generate-session with Authorization: Bearer ${SECRET} answered 500: ${SERVICE_BODY}`);
      const id = `ses_${viewer.id}_${service.minted.length + 1}`;
      service.minted.push(id);
      return id;
    },
    async revoke(sessionId: string): Promise<void> {
      if (service.failRevoke) throw new Error(`DELETE with key ${SECRET} answered 500: ${SERVICE_BODY}`);
      service.revoked.push(sessionId);
    },
  };
  return service;
}

/** Auth for the tests: the `x-viewer` header names the viewer. */
export const headerViewer = (request: Request): Viewer | null => {
  const id = request.headers.get('x-viewer');
  return id ? { id } : null;
};

/**
 * An endpoint on a fresh fake service, with a manual clock. Its memory store (unless `store` is
 * given) is whole: made at the clock's start, after which the clock is moved on by an id's longest
 * life, so its sign-outs can answer `complete: true`.
 */
export function makeEndpoint(overrides: Partial<SessionEndpointOptions> = {}) {
  const service = fakeService();
  let time = 1_700_000_000_000;
  const errors: { error: unknown; code: string }[] = [];
  const endpoint = createSessionEndpoint({
    path: PATH,
    allowedOrigins: [ORIGIN],
    viewer: headerViewer,
    mint: (viewer) => service.mint(viewer),
    revoke: (sessionId) => service.revoke(sessionId),
    onError: (error, report) => errors.push({ error, code: report.code }),
    now: () => time,
    ...overrides,
  });
  time += ID_LIFETIME_MS;
  const clock = { now: () => time, advance: (ms: number) => (time += ms) };
  return { endpoint, service, clock, errors };
}

/** What a browser on `ORIGIN` sends (same-origin fetch), as viewer `viewer`. */
export function browserRequest(method: string, path: string, options: { viewer?: string; headers?: Record<string, string>; body?: BodyInit } = {}): Request {
  const headers: Record<string, string> = { origin: ORIGIN, 'sec-fetch-site': 'same-origin', ...options.headers };
  if (options.viewer) headers['x-viewer'] = options.viewer;
  return new Request(`${ORIGIN}${path}`, { method, headers, body: options.body ?? null });
}

/** The answer's JSON body. */
export const json = async (response: Response): Promise<any> => JSON.parse(await response.text());

/** Ids in sorted order, to compare sets of ids. */
export const sorted = (ids: Iterable<string>) => [...ids].sort();
