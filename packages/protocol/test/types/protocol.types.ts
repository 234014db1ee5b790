// Type tests for @svc-embed/protocol: every line marked @ts-expect-error must fail to compile,
// every other line must compile. Checked by `tsc -b` (part of the test command).
import {
  buildActionMessage, buildEventMessage, eventName, eventType, parseEventMessage,
  type ActionName, type ActionPayload, type EventName, type EventPayload,
} from '@svc-embed/protocol';

const surface = { surface: 'dashboard' } as const;

// Names are exactly the catalog's.
const names: EventName[] = ['ready', 'view', 'navigate', 'dashboard-loaded', 'download', 'drilldown', 'ai-query', 'session-expiring', 'session-expired', 'error'];
const actions: ActionName[] = ['set-color-scheme', 'set-theme', 'set-locale', 'set-timezone', 'set-filter', 'navigate', 'refresh', 'set-session'];
// @ts-expect-error not an event
const badName: EventName = 'loaded';
// @ts-expect-error not an action
const badAction: ActionName = 'set-colour-scheme';

// Payloads by name.
buildEventMessage('download', { format: 'csv', target: 'widget', widgetId: 'w1', rowCount: 3 }, surface);
// @ts-expect-error format out of the list
buildEventMessage('download', { format: 'docx', target: 'widget' }, surface);
// @ts-expect-error target missing
buildEventMessage('download', { format: 'csv' }, surface);
// @ts-expect-error unknown event name
buildEventMessage('downloaded', {}, surface);
buildEventMessage('ready', { embedTenant: null, deploymentId: null, mode: 'private', surface: 'chat' }, surface);
// @ts-expect-error embedTenant is string or null, not undefined
buildEventMessage('ready', { embedTenant: undefined, deploymentId: 1, mode: 'signed', surface: 'app' }, surface);
// @ts-expect-error surface is required on events
buildEventMessage('view', { surface: 'dashboard', path: '/' }, {});

buildActionMessage('set-color-scheme', { scheme: 'auto' });
// @ts-expect-error scheme out of the list
buildActionMessage('set-color-scheme', { scheme: 'blue' });
buildActionMessage('refresh', undefined);
buildActionMessage('set-theme', { embedTheme: { primaryColor: '#f00', analyticsChat: { backgroundColor: '#fff' } } });
// @ts-expect-error sessionId must be a string
buildActionMessage('set-session', { sessionId: 42 });
// @ts-expect-error unknown action
buildActionMessage('reload', undefined);

// Inferred payload types.
const expiring: EventPayload<'session-expiring'> = { expiresAt: 1, expiresInMs: 0 };
// @ts-expect-error expiresInMs missing
const expiringBad: EventPayload<'session-expiring'> = { expiresAt: 1 };
const filter: ActionPayload<'set-filter'> = { filterUrlParameter: 'f_orders.status={"value":"x"}' };
const wire: 'svc:event:ready' = eventType('ready');
// @ts-expect-error wire types carry the prefix
const wireBad: 'ready' = eventType('ready');
const named: 'ready' = eventName('svc:event:ready');
const namedAction: 'refresh' = eventName('svc:action:refresh');
const namedUnknown: string = eventName('svc:event:new-thing');
// @ts-expect-error a wire type names its own message only
const namedBad: 'view' = eventName('svc:event:ready');

// Parsed messages narrow on type.
const parsed = parseEventMessage({});
if (parsed.ok && parsed.message.type === 'svc:event:download') {
  const format: 'csv' | 'xlsx' | 'png' | 'pdf' = parsed.message.payload.format;
  // @ts-expect-error download payloads have no rows
  parsed.message.payload.rows;
  void format;
}

export { names, actions, badName, badAction, expiring, expiringBad, filter, wire, wireBad, named, namedAction, namedUnknown, namedBad };

// The documented payload interfaces equal what the schemas infer, name by name, both ways.
import type { ActionPayloadMap, EventPayloadMap, InferredActionPayloads, InferredEventPayloads } from '@svc-embed/protocol';
type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
type EachEqual<A, B> = { [K in keyof A | keyof B]: K extends keyof A ? (K extends keyof B ? Equal<A[K], B[K]> : false) : false };
type AllTrue<T> = T[keyof T] extends true ? true : false;
const eventPayloadsMatchSchemas: AllTrue<EachEqual<EventPayloadMap, InferredEventPayloads>> = true;
const actionPayloadsMatchSchemas: AllTrue<EachEqual<ActionPayloadMap, InferredActionPayloads>> = true;
void eventPayloadsMatchSchemas;
void actionPayloadsMatchSchemas;
