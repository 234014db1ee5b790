import { describe, expect, it } from 'vitest';
import {
  ACTION_NAMES, EVENT_NAMES, actionSchemas, actionType, eventName, eventSchemas, eventType, isActionName, isEventName,
  SOURCE, SURFACES, DIRECTIONS,
} from '../src/index.js';
import { ACTION_FIELDS, EVENT_FIELDS } from './spec-fields.js';

describe('catalog', () => {
  it('has the 10 events and 8 actions of the spec, spelled as on the wire', () => {
    expect(EVENT_NAMES.map(eventType)).toEqual([
      'svc:event:ready', 'svc:event:view', 'svc:event:navigate', 'svc:event:dashboard-loaded', 'svc:event:download',
      'svc:event:drilldown', 'svc:event:ai-query', 'svc:event:session-expiring', 'svc:event:session-expired', 'svc:event:error',
    ]);
    expect(ACTION_NAMES.map(actionType)).toEqual([
      'svc:action:set-color-scheme', 'svc:action:set-theme', 'svc:action:set-locale', 'svc:action:set-timezone',
      'svc:action:set-filter', 'svc:action:navigate', 'svc:action:refresh', 'svc:action:set-session',
    ]);
    expect(Object.keys(eventSchemas).sort()).toEqual(Object.keys(EVENT_FIELDS).sort());
    expect(Object.keys(actionSchemas).sort()).toEqual(Object.keys(ACTION_FIELDS).sort());
  });

  it('names a message by the last part of its wire type, the inverse of eventType and actionType', () => {
    expect(EVENT_NAMES.map(eventType).map(eventName)).toEqual(EVENT_NAMES);
    expect(ACTION_NAMES.map(actionType).map(eventName)).toEqual(ACTION_NAMES);
    expect(eventName('svc:event:new-thing')).toBe('new-thing');
  });

  it('has the envelope constants of the spec', () => {
    expect(SOURCE).toBe('svc-embed');
    expect(DIRECTIONS).toEqual(['event', 'action']);
    expect(SURFACES).toEqual(['dashboard', 'app', 'chat']);
  });

  it('recognises only own catalog names, not inherited object keys', () => {
    for (const name of ['constructor', '__proto__', 'toString', 'hasOwnProperty', '', 'READY', 'svc:event:ready']) {
      expect(isEventName(name)).toBe(false);
      expect(isActionName(name)).toBe(false);
    }
    expect(isEventName('ready')).toBe(true);
    expect(isActionName('refresh')).toBe(true);
    expect(isEventName(42)).toBe(false);
  });
});
