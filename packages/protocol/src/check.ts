import { actionSchemas } from './actions.js';
import { isActionName, isEventName } from './catalog.js';
import { eventSchemas } from './events.js';
import { describeIssue, UNREADABLE, type FieldProblem } from './issue.js';
import type { ActionName, ActionPayload, EventName, EventPayload } from './types.js';

/** Result of checking a payload: the parsed value (unknown fields dropped), or what is wrong. */
export type CheckResult<T> = { ok: true; value: T } | ({ ok: false } & FieldProblem);

type Schema = { safeParse(data: unknown): { success: boolean; data?: unknown; error?: { issues: any[] } } };

function check(schemas: Record<string, Schema>, known: boolean, name: string, payload: unknown): CheckResult<any> {
  const schema = known ? schemas[name] : undefined;
  if (!schema) return { ok: false, field: 'type', detail: `unknown name ${name}` };
  try {
    const result = schema.safeParse(payload);
    return result.success ? { ok: true, value: result.data } : { ok: false, ...describeIssue(result.error?.issues[0], 'payload') };
  } catch {
    return { ok: false, field: 'payload', detail: UNREADABLE };
  }
}

/** Checks an event payload against its schema. Never throws. */
export function checkEventPayload<N extends EventName>(name: N, payload: unknown): CheckResult<EventPayload<N>> {
  return check(eventSchemas, isEventName(name), name, payload);
}

/** Checks an action payload against its schema. Never throws. */
export function checkActionPayload<N extends ActionName>(name: N, payload: unknown): CheckResult<ActionPayload<N>> {
  return check(actionSchemas, isActionName(name), name, payload);
}
