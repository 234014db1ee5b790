import { actionSchemas } from './actions.js';
import { isActionName, isEventName } from './catalog.js';
import { eventSchemas } from './events.js';
import { describeIssue, type FieldProblem } from './issue.js';
import type { ActionName, ActionPayload, EventName, EventPayload } from './types.js';

/** Result of checking a payload: the parsed value (unknown fields dropped), or what is wrong. */
export type CheckResult<T> = { ok: true; value: T } | ({ ok: false } & FieldProblem);

type AnySchema = { safeParse(data: unknown): { success: boolean; data?: unknown; error?: { issues: any[] } } };

function check(schema: AnySchema, payload: unknown): CheckResult<any> {
  try {
    const result = schema.safeParse(payload);
    if (result.success) return { ok: true, value: result.data };
    return { ok: false, ...describeIssue(result.error!.issues[0], 'payload') };
  } catch {
    return { ok: false, field: 'payload', detail: 'could not be read (a property getter threw)' };
  }
}

/** Checks an event payload against its schema. Never throws. */
export function checkEventPayload<N extends EventName>(name: N, payload: unknown): CheckResult<EventPayload<N>> {
  if (!isEventName(name)) return { ok: false, field: 'type', detail: `unknown event ${String(name)}` };
  return check(eventSchemas[name], payload);
}

/** Checks an action payload against its schema. Never throws. */
export function checkActionPayload<N extends ActionName>(name: N, payload: unknown): CheckResult<ActionPayload<N>> {
  if (!isActionName(name)) return { ok: false, field: 'type', detail: `unknown action ${String(name)}` };
  return check(actionSchemas[name], payload);
}
