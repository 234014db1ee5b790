// Values the host's tests share, with no side effect (the renewal machine's tables import them
// without the embed harness): the tenant, time units, where the fake clock starts, a ready payload.
import type { EventPayload } from '@svc-embed/protocol';

export const TENANT = 'https://tenant.example';
export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
/** Where the fake clock starts (`useFakeClock`, helpers.ts). */
export const START = 1_700_000_000_000;
/** The session endpoint's path in these tests. */
export const ENDPOINT = '/api/embed-session';

/** A signed dashboard's `ready`, as the frame half sends it. */
export const READY: EventPayload<'ready'> = { embedTenant: 'acme', deploymentId: 7, mode: 'signed', surface: 'dashboard', publicId: 'd-42' };
