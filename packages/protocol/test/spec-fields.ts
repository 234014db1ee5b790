// The payload fields of service-api.md §6.2 and §6.3, transcribed independently of the schemas so
// the tests check the schemas against the spec rather than against themselves.

export type FieldKind =
  | { kind: 'string' | 'number' | 'boolean' | 'unknown' | 'object' }
  | { kind: 'enum'; values: readonly string[] }
  | { kind: 'nullable'; of: 'string' | 'number' }
  | { kind: 'string-or-number' };

export interface FieldSpec {
  required: boolean;
  type: FieldKind;
}

const req = (type: FieldKind): FieldSpec => ({ required: true, type });
const opt = (type: FieldKind): FieldSpec => ({ required: false, type });
const str = { kind: 'string' } as const;
const num = { kind: 'number' } as const;
const oneOf = (...values: string[]): FieldKind => ({ kind: 'enum', values });
const surfaces = oneOf('dashboard', 'app', 'chat');

export const EVENT_FIELDS: Record<string, Record<string, FieldSpec>> = {
  ready: {
    embedTenant: req({ kind: 'nullable', of: 'string' }),
    deploymentId: req({ kind: 'nullable', of: 'number' }),
    mode: req(oneOf('signed', 'private')),
    surface: req(surfaces),
    publicId: opt(str),
  },
  view: { surface: req(surfaces), path: req(str), publicId: opt(str), title: opt(str) },
  navigate: { path: req(str), previousPath: opt(str) },
  'dashboard-loaded': { publicId: opt(str), widgetCount: opt(num), loadDurationMs: opt(num) },
  download: {
    format: req(oneOf('csv', 'xlsx', 'png', 'pdf')),
    target: req(oneOf('widget', 'dashboard')),
    widgetId: opt(str),
    title: opt(str),
    rowCount: opt(num),
  },
  drilldown: { member: req(str), value: opt({ kind: 'unknown' }), widgetId: opt(str) },
  'ai-query': { query: req(str), status: req(oneOf('submitted', 'completed', 'error')), chatId: opt(str), agentId: opt(str) },
  'session-expiring': { expiresAt: req(num), expiresInMs: req(num) },
  'session-expired': { expiredAt: req(num) },
  error: { message: req(str), name: opt(str), context: opt(str), fatal: opt({ kind: 'boolean' }) },
};

export const ACTION_FIELDS: Record<string, Record<string, FieldSpec>> = {
  'set-color-scheme': { scheme: req(oneOf('light', 'dark', 'auto')) },
  'set-theme': { embedTheme: req({ kind: 'object' }) },
  'set-locale': { locale: req(str) },
  'set-timezone': { timezone: req(str) },
  'set-filter': { filterUrlParameter: req(str) },
  navigate: { path: req(str) },
  refresh: {},
  'set-session': { sessionId: req(str) },
};

/** Values of the wrong type for a field kind. */
export function wrongValues(type: FieldKind): unknown[] {
  switch (type.kind) {
    case 'string':
      return [42, true, null, {}, ['a']];
    case 'number':
      return ['42', true, null, {}, Number.NaN, Number.POSITIVE_INFINITY];
    case 'boolean':
      return ['true', 1, null];
    case 'enum':
      return [42, null, type.values[0]!.toUpperCase(), 'not-in-the-list'];
    case 'nullable':
      return type.of === 'string' ? [42, true, {}, undefined] : ['42', true, {}, undefined];
    case 'string-or-number':
      return [true, null, {}];
    case 'object':
      return ['x', 42, null, true];
    case 'unknown':
      return [];
  }
}
