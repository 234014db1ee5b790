// Generators of hostile `message` events for both halves. fast-check generates printable *recipes*
// (plain data: which base message, which mutations, which origin and source); `buildData` turns a
// recipe into the actual, possibly hostile, value at run time, fresh for every execution. So a
// counterexample prints small (a 1 MB string prints as { k: 'long', n: 1000000 }) and replays exactly.
//
// The valid payloads are transcribed from service-api.md §6.2 and §6.3, not derived from the
// protocol's schemas, so the oracle (the protocol's parse functions) is checked against the spec too.
import fc from 'fast-check';

export type Dir = 'event' | 'action';

export const SURFACES = ['dashboard', 'app', 'chat'] as const;

/** Payload fields of every catalog entry (§6.2, §6.3); nested `embedTheme` fields as dotted paths. */
export const EVENT_FIELDS: Record<string, string[]> = {
  ready: ['embedTenant', 'deploymentId', 'mode', 'surface', 'publicId'],
  view: ['surface', 'path', 'publicId', 'title'],
  navigate: ['path', 'previousPath'],
  'dashboard-loaded': ['publicId', 'widgetCount', 'loadDurationMs'],
  download: ['format', 'target', 'widgetId', 'title', 'rowCount'],
  drilldown: ['member', 'value', 'widgetId'],
  'ai-query': ['query', 'status', 'chatId', 'agentId'],
  'session-expiring': ['expiresAt', 'expiresInMs'],
  'session-expired': ['expiredAt'],
  error: ['message', 'name', 'context', 'fatal'],
};
export const ACTION_FIELDS: Record<string, string[]> = {
  'set-color-scheme': ['scheme'],
  'set-theme': ['embedTheme', 'embedTheme.primaryColor', 'embedTheme.borderRadius', 'embedTheme.font'],
  'set-locale': ['locale'],
  'set-timezone': ['timezone'],
  'set-filter': ['filterUrlParameter'],
  navigate: ['path'],
  refresh: [],
  'set-session': ['sessionId'],
};
const ENVELOPE_FIELDS = ['source', 'direction', 'type', 'payload', 'timestamp', 'surface'];

// ---------------------------------------------------------------------------------------------
// Valid messages, one generator per catalog entry.

const text = fc.string({ maxLength: 12 });
const num = fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }));
const epoch = fc.integer({ min: 0, max: 4_000_000_000_000 });
const surface = fc.constantFrom(...SURFACES);
const json = fc.jsonValue({ maxDepth: 2 });
const rec = <T extends Record<string, fc.Arbitrary<unknown>>>(model: T, required: (keyof T)[]) =>
  fc.record(model, { requiredKeys: required as never });

const eventPayloads: Record<string, fc.Arbitrary<unknown>> = {
  ready: rec(
    { embedTenant: fc.option(text, { nil: null }), deploymentId: fc.option(num, { nil: null }), mode: fc.constantFrom('signed', 'private'), surface, publicId: text },
    ['embedTenant', 'deploymentId', 'mode', 'surface'],
  ),
  view: rec({ surface, path: text, publicId: text, title: text }, ['surface', 'path']),
  navigate: rec({ path: text, previousPath: text }, ['path']),
  'dashboard-loaded': rec({ publicId: text, widgetCount: num, loadDurationMs: num }, []),
  download: rec(
    { format: fc.constantFrom('csv', 'xlsx', 'png', 'pdf'), target: fc.constantFrom('widget', 'dashboard'), widgetId: text, title: text, rowCount: num },
    ['format', 'target'],
  ),
  drilldown: rec({ member: text, value: json, widgetId: text }, ['member']),
  'ai-query': rec({ query: text, status: fc.constantFrom('submitted', 'completed', 'error'), chatId: text, agentId: text }, ['query', 'status']),
  'session-expiring': rec({ expiresAt: epoch, expiresInMs: fc.nat() }, ['expiresAt', 'expiresInMs']),
  'session-expired': rec({ expiredAt: epoch }, ['expiredAt']),
  error: rec(
    { message: text, name: fc.oneof(text, fc.constant('EmbedSessionExchangeError')), context: fc.oneof(text, fc.constantFrom('session-renewal', 'action')), fatal: fc.boolean() },
    ['message'],
  ),
};

const ident = fc.stringMatching(/^[a-z_][a-z0-9_]{0,8}$/);
const actionPayloads: Record<string, fc.Arbitrary<unknown>> = {
  'set-color-scheme': rec({ scheme: fc.constantFrom('light', 'dark', 'auto') }, ['scheme']),
  'set-theme': rec(
    {
      embedTheme: fc
        .tuple(rec({ primaryColor: text, borderRadius: fc.oneof(text, num), font: text }, []), fc.dictionary(ident, json, { maxKeys: 2 }))
        .map(([common, extra]) => ({ ...extra, ...common })),
    },
    ['embedTheme'],
  ),
  'set-locale': rec({ locale: fc.constantFrom('es-ES', 'es', 'zh-Hant-TW', 'es-419', 'en', 'de-DE', 'pt-BR', 'sr-Latn-RS', 'fil') }, ['locale']),
  'set-timezone': rec(
    { timezone: fc.constantFrom('Europe/Berlin', 'UTC', 'America/Argentina/Buenos_Aires', 'Asia/Kolkata', 'Etc/GMT+5', '+05:30', 'UTC+2', 'GMT-03:00') },
    ['timezone'],
  ),
  'set-filter': rec(
    { filterUrlParameter: fc.tuple(ident, fc.stringMatching(/^[a-z_][a-z0-9_.]{0,8}$/), json).map(([view, dimension, value]) => `f_${view}.${dimension}=${JSON.stringify(value ?? null)}`) },
    ['filterUrlParameter'],
  ),
  // An in-embed path: one leading "/" (no "//" or "/\\"), no control, format or bidi characters, 2048 at most.
  navigate: rec({ path: text.filter((s) => !/^[/\\]/.test(s) && !/[\p{Cc}\p{Cf}\p{Cs}\u2028\u2029]/u.test(s) && s.length < 2048).map((s) => `/${s}`) }, ['path']),
  refresh: fc.constantFrom(undefined, {}),
  'set-session': rec({ sessionId: fc.string({ minLength: 1, maxLength: 24 }) }, ['sessionId']),
};

/** The names this file covers, to compare with the protocol's catalog (a new entry must be added here). */
export const EVENT_LIST = Object.keys(eventPayloads);
export const ACTION_LIST = Object.keys(actionPayloads);

/** A valid message of direction `dir`, of any catalog entry, as plain JSON data. */
export function validMessage(dir: Dir): fc.Arbitrary<Record<string, unknown>> {
  const payloads = dir === 'event' ? eventPayloads : actionPayloads;
  return fc.oneof(
    ...Object.entries(payloads).map(([name, payload]) =>
      fc.record({ payload, timestamp: epoch, surface }).map(({ payload, timestamp, surface }) => {
        const message: Record<string, unknown> = { source: 'svc-embed', direction: dir, type: `svc:${dir}:${name}`, timestamp };
        if (payload !== undefined) message.payload = payload;
        if (dir === 'event') message.surface = surface;
        return message;
      }),
    ),
  );
}

// ---------------------------------------------------------------------------------------------
// Hostile values, as printable descriptors.

export type Hostile =
  | { k: 'json'; v: unknown }
  | { k: 'any'; v: unknown }
  | { k: 'undefined' | 'nan' | 'inf' | '-inf' | '-0' | 'bigint' | 'symbol' | 'fn' | 'date' | 'regexp' | 'map' | 'set' | 'error' | 'null-proto' | 'typed-array' }
  | { k: 'boxed'; v: string | number | boolean }
  | { k: 'long'; n: number; prefix: string }
  | { k: 'deep'; depth: number; array: boolean }
  | { k: 'throwing-getter' | 'throwing-proxy' | 'revoked-proxy' | 'throwing-to-string' | 'proto-keys' | 'class-instance' | 'sparse-array' };

const LONG = fc.integer({ min: 1_000, max: 1_000_000 });

export const hostileValue: fc.Arbitrary<Hostile> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(null, 0, -1, 1.5, 2 ** 53, '', ' ', 'x', 'true', '0', true, false, [], [1], {}, { a: 1 }).map((v) => ({ k: 'json', v }) as Hostile) },
  {
    weight: 4,
    arbitrary: fc
      .constantFrom('undefined', 'nan', 'inf', '-inf', '-0', 'bigint', 'symbol', 'fn', 'date', 'regexp', 'map', 'set', 'error', 'null-proto', 'typed-array', 'throwing-getter', 'throwing-proxy', 'revoked-proxy', 'throwing-to-string', 'proto-keys', 'class-instance', 'sparse-array')
      .map((k) => ({ k }) as Hostile),
  },
  { weight: 1, arbitrary: fc.constantFrom('csv', 'dark', 'svc-embed', 1, true).map((v) => ({ k: 'boxed', v }) as Hostile) },
  { weight: 1, arbitrary: fc.record({ n: LONG, prefix: fc.constantFrom('', 'x', '/', 'f_a.b=', 'es-', 'svc:event:', 'svc:action:') }).map((r) => ({ k: 'long', ...r }) as Hostile) },
  { weight: 1, arbitrary: fc.record({ depth: fc.integer({ min: 50, max: 20_000 }), array: fc.boolean() }).map((r) => ({ k: 'deep', ...r }) as Hostile) },
  { weight: 2, arbitrary: json.map((v) => ({ k: 'json', v }) as Hostile) },
  {
    weight: 1,
    arbitrary: fc
      .anything({ maxDepth: 2, withBoxedValues: true, withMap: true, withSet: true, withNullPrototype: true, withBigInt: true, withDate: true, withTypedArray: true, withSparseArray: true, withObjectString: true })
      .map((v) => ({ k: 'any', v }) as Hostile),
  },
);

const POLLUTION = '{"__proto__":{"polluted":"yes"},"constructor":{"prototype":{"polluted":"yes"}},"prototype":{"polluted":"yes"},"toString":"x","hasOwnProperty":1}';

class Impostor {
  source = 'svc-embed';
}

/** Builds the value a descriptor describes; a fresh one per call. */
export function buildHostile(h: Hostile): unknown {
  switch (h.k) {
    case 'json':
      return structuredClone(h.v);
    case 'any':
      return h.v;
    case 'undefined':
      return undefined;
    case 'nan':
      return Number.NaN;
    case 'inf':
      return Number.POSITIVE_INFINITY;
    case '-inf':
      return Number.NEGATIVE_INFINITY;
    case '-0':
      return -0;
    case 'bigint':
      return 10n ** 30n;
    case 'symbol':
      return Symbol('hostile');
    case 'fn':
      return () => 'svc-embed';
    case 'date':
      return new Date(0);
    case 'regexp':
      return /svc-embed/;
    case 'map':
      return new Map([['source', 'svc-embed']]);
    case 'set':
      return new Set(['svc-embed']);
    case 'error':
      return new Error('hostile');
    case 'null-proto':
      return Object.assign(Object.create(null), { message: 'm', path: '/' });
    case 'typed-array':
      return new Uint8Array(4);
    case 'boxed':
      return Object(h.v);
    case 'long':
      return h.prefix + 'x'.repeat(h.n);
    case 'deep': {
      let value: unknown = 'bottom';
      for (let i = 0; i < h.depth; i++) value = h.array ? [value] : { next: value };
      return value;
    }
    case 'throwing-getter':
      return Object.defineProperty({}, 'message', { enumerable: true, get: () => { throw new Error('getter'); } });
    case 'throwing-proxy':
      return new Proxy({}, Object.fromEntries(['get', 'has', 'ownKeys', 'getOwnPropertyDescriptor', 'getPrototypeOf', 'set', 'defineProperty'].map((trap) => [trap, () => { throw new Error(`trap ${trap}`); }])));
    case 'revoked-proxy': {
      const { proxy, revoke } = Proxy.revocable({}, {});
      revoke();
      return proxy;
    }
    case 'throwing-to-string':
      return { toString() { throw new Error('toString'); }, valueOf() { throw new Error('valueOf'); }, [Symbol.toPrimitive]() { throw new Error('toPrimitive'); } };
    case 'proto-keys':
      return JSON.parse(POLLUTION);
    case 'class-instance':
      return new Impostor();
    case 'sparse-array':
      // eslint-disable-next-line no-sparse-arrays
      return [, , 'x'];
  }
}

// ---------------------------------------------------------------------------------------------
// Mutations of a valid message.

const OWN_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'valueOf', 'then', 'extra', 'surface', 'payload'];

/** A string, or a long one described by its length (so that it prints short). */
export type Str = string | { long: number; prefix: string };
export const buildStr = (s: Str) => (typeof s === 'string' ? s : s.prefix + 'x'.repeat(s.long));

export type Mutation =
  | { op: 'set'; at: number; value: Hostile }
  | { op: 'delete'; at: number }
  | { op: 'add'; at: number; key: string; value: Hostile }
  | { op: 'type'; to: Str }
  | { op: 'flip-type'; to: Str };

export type Wrapper = 'none' | 'array' | 'json-string' | 'null-proto' | 'frozen' | 'getters' | 'transparent-proxy' | 'cyclic' | 'class';

/** Wire types a peer could try: the other direction, unknown names, prototype names, near misses. */
function typeStrings(dir: Dir): fc.Arbitrary<Str> {
  const own = `svc:${dir}:`;
  const other = dir === 'event' ? 'svc:action:' : 'svc:event:';
  const names = [...EVENT_LIST, ...ACTION_LIST];
  return fc.oneof(
    fc.constantFrom(...names).map((name) => other + name),
    fc.constantFrom(...names).map((name) => own + name),
    fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'valueOf', '', 'zoom', 'READY', 'ready ', ' ready', 'ready\u0000', 'set-session.x', 'ready:x').map((name) => own + name),
    fc.constantFrom('', 'svc:event', 'svc:action', 'SVC:EVENT:ready', 'svc:events:ready', 'svc-embed:ready', 'ready', 'svc:event:ready'.toUpperCase(), 'svc:action:refresh\n'),
    fc.string({ maxLength: 20 }),
    LONG.map((n): Str => ({ long: n, prefix: own })),
  );
}

function mutations(dir: Dir): fc.Arbitrary<Mutation[]> {
  const mutation: fc.Arbitrary<Mutation> = fc.oneof(
    { weight: 6, arbitrary: fc.record({ op: fc.constant('set' as const), at: fc.nat(40), value: hostileValue }) },
    { weight: 2, arbitrary: fc.record({ op: fc.constant('delete' as const), at: fc.nat(40) }) },
    { weight: 3, arbitrary: fc.record({ op: fc.constant('add' as const), at: fc.nat(5), key: fc.oneof(fc.constantFrom(...OWN_KEYS), fc.string({ maxLength: 8 })), value: hostileValue }) },
    { weight: 3, arbitrary: fc.record({ op: fc.constant('type' as const), to: typeStrings(dir) }) },
    { weight: 1, arbitrary: fc.record({ op: fc.constant('flip-type' as const), to: typeStrings(dir) }) },
  );
  return fc.array(mutation, { minLength: 1, maxLength: 3 });
}

const wrapper: fc.Arbitrary<Wrapper> = fc.oneof(
  { weight: 12, arbitrary: fc.constant('none' as const) },
  { weight: 1, arbitrary: fc.constantFrom('array', 'json-string', 'null-proto', 'frozen', 'getters', 'transparent-proxy', 'cyclic', 'class') as fc.Arbitrary<Wrapper> },
);

/** The data of one message. */
export type DataRecipe =
  | { t: 'valid'; base: Record<string, unknown>; wrap: Wrapper }
  | { t: 'mutated'; base: Record<string, unknown>; muts: Mutation[]; wrap: Wrapper }
  | { t: 'raw'; value: Hostile }
  | { t: 'near'; envelope: Record<string, unknown> & { type: Str }; payload: Hostile };

/** Messages aimed at a half whose inbound direction is `dir`: mostly its own direction, some the other. */
export function dataRecipe(dir: Dir): fc.Arbitrary<DataRecipe> {
  const other: Dir = dir === 'event' ? 'action' : 'event';
  return fc.oneof(
    { weight: 4, arbitrary: fc.record({ t: fc.constant('valid' as const), base: validMessage(dir), wrap: wrapper }) },
    { weight: 6, arbitrary: fc.record({ t: fc.constant('mutated' as const), base: validMessage(dir), muts: mutations(dir), wrap: wrapper }) },
    // Wrong direction: events sent to the frame, actions sent to the host (some also mutated).
    { weight: 2, arbitrary: fc.record({ t: fc.constant('valid' as const), base: validMessage(other), wrap: wrapper }) },
    { weight: 1, arbitrary: fc.record({ t: fc.constant('mutated' as const), base: validMessage(other), muts: mutations(other), wrap: wrapper }) },
    { weight: 1, arbitrary: fc.record({ t: fc.constant('raw' as const), value: hostileValue }) },
    {
      weight: 1,
      arbitrary: fc.record({
        t: fc.constant('near' as const),
        envelope: fc.record({
          source: fc.constant('svc-embed'),
          direction: fc.constantFrom('event', 'action'),
          type: typeStrings(dir),
          timestamp: fc.oneof(epoch, fc.constant('1')),
          surface: fc.oneof(surface, fc.constant(undefined)),
        }, { requiredKeys: ['source', 'direction', 'type', 'timestamp'] }),
        payload: hostileValue,
      }),
    },
  );
}

/**
 * The direction of a message that is valid by construction (an unmutated catalog message, wrapped in
 * a way that keeps it one: frozen, getters, a transparent proxy, a cycle in an extra key), else
 * undefined. The halves must take these without asking the protocol's parse functions.
 */
export function validByConstruction(recipe: DataRecipe): Dir | undefined {
  return recipe.t === 'valid' && !['array', 'json-string'].includes(recipe.wrap) ? (recipe.base.direction as Dir) : undefined;
}

/** True when building the recipe gives data whose reads are not repeatable (a type that flips). */
export const isStateful = (recipe: DataRecipe) => recipe.t === 'mutated' && recipe.muts.some((m) => m.op === 'flip-type');

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

// Objects built for this execution (the clone of the base message and what mutations add), as
// opposed to values generated by fast-check, which are reused while shrinking and must stay as they are.
let owned = new WeakSet<object>();
function fresh<T>(value: T): T {
  if (isObject(value) && !owned.has(value)) {
    owned.add(value);
    for (const key of Object.keys(value)) fresh(value[key]);
  }
  return value;
}
const isOwned = (value: unknown): value is Record<string, unknown> => isObject(value) && owned.has(value);

function fieldPaths(message: Record<string, unknown>): string[] {
  const type = typeof message.type === 'string' ? message.type : '';
  const name = type.slice(type.lastIndexOf(':') + 1);
  const catalog = type.startsWith('svc:event:') ? EVENT_FIELDS : ACTION_FIELDS;
  const fields = Object.prototype.hasOwnProperty.call(catalog, name) ? catalog[name]! : [];
  return [...ENVELOPE_FIELDS, ...fields.map((field) => `payload.${field}`)];
}

function setPath(root: Record<string, unknown>, path: string, value: unknown, remove: boolean) {
  const parts = path.split('.');
  let container: Record<string, unknown> = root;
  for (const part of parts.slice(0, -1)) {
    if (!isOwned(container[part])) container[part] = fresh({});
    container = container[part] as Record<string, unknown>;
  }
  const last = parts[parts.length - 1]!;
  if (remove) delete container[last];
  else Object.defineProperty(container, last, { value, enumerable: true, writable: true, configurable: true });
}

function containers(message: Record<string, unknown>): Record<string, unknown>[] {
  const found = [message];
  if (isOwned(message.payload)) found.push(message.payload);
  const theme = isOwned(message.payload) ? message.payload.embedTheme : undefined;
  if (isOwned(theme)) found.push(theme);
  return found;
}

function applyMutation(message: Record<string, unknown>, mutation: Mutation) {
  const paths = fieldPaths(message);
  switch (mutation.op) {
    case 'set':
      return setPath(message, paths[mutation.at % paths.length]!, buildHostile(mutation.value), false);
    case 'delete':
      return setPath(message, paths[mutation.at % paths.length]!, undefined, true);
    case 'add': {
      const all = containers(message);
      const container = all[mutation.at % all.length]!;
      return void Object.defineProperty(container, mutation.key, { value: buildHostile(mutation.value), enumerable: true, writable: true, configurable: true });
    }
    case 'type':
      return void Object.defineProperty(message, 'type', { value: buildStr(mutation.to), enumerable: true, writable: true, configurable: true });
    case 'flip-type': {
      // A getter that answers differently on every read (time of check vs time of use).
      const values = [message.type, buildStr(mutation.to)];
      let reads = 0;
      return void Object.defineProperty(message, 'type', { enumerable: true, configurable: true, get: () => values[reads++ % 2] });
    }
  }
}

function deepFreeze(value: unknown): unknown {
  if (isOwned(value) && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const key of Object.keys(value)) deepFreeze(value[key]);
  }
  return value;
}

function wrap(message: Record<string, unknown>, how: Wrapper): unknown {
  switch (how) {
    case 'none':
      return message;
    case 'array':
      return [message];
    case 'json-string':
      try {
        return JSON.stringify(message);
      } catch {
        return String(Object.keys(message));
      }
    case 'null-proto':
      return Object.assign(Object.create(null), message);
    case 'frozen':
      return deepFreeze(message);
    case 'getters': {
      const copy = {};
      for (const key of Object.keys(message)) Object.defineProperty(copy, key, { enumerable: true, get: () => message[key] });
      return copy;
    }
    case 'transparent-proxy':
      return new Proxy(message, {});
    case 'cyclic':
      if (isOwned(message.payload)) message.payload.self = message.payload;
      message.self = message;
      return message;
    case 'class':
      return Object.assign(new Impostor(), message);
  }
}

/** Builds the data of a recipe: fresh objects (and fresh getters, proxies, symbols) on every call. */
export function buildData(recipe: DataRecipe): unknown {
  switch (recipe.t) {
    case 'valid':
      return wrap(fresh(structuredClone(recipe.base)), recipe.wrap);
    case 'mutated': {
      owned = new WeakSet();
      const message = fresh(structuredClone(recipe.base));
      for (const mutation of recipe.muts) applyMutation(message, mutation);
      return wrap(message, recipe.wrap);
    }
    case 'raw':
      return buildHostile(recipe.value);
    case 'near': {
      const message: Record<string, unknown> = { ...recipe.envelope, type: buildStr(recipe.envelope.type), payload: buildHostile(recipe.payload) };
      if (message.surface === undefined) delete message.surface;
      return message;
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Origins and source windows.

/** Origins that are not `right` but look like it: look-alike prefix/suffix, other port or scheme, `null`... */
export function lookAlikes(right: string): string[] {
  const { protocol, host, hostname } = new URL(right);
  const other = protocol === 'https:' ? 'http:' : 'https:';
  return [
    `${right}.evil.test`,
    `${protocol}//evil${hostname}`,
    `${protocol}//evil-${hostname}`,
    `${protocol}//a.${host}`,
    `${right}:8443`,
    `${right}:443`,
    `${other}//${host}`,
    `wss://${host}`,
    `${right}/`,
    `${right}/path`,
    ` ${right}`,
    `${right} `,
    `${right}\u0000`,
    right.toUpperCase(),
    right.slice(0, -1),
    `${right}.`,
    `${protocol}//user@${host}`,
    `${right}@evil.test`,
    right.replace(/\./g, '\u3002'),
    'null',
    '',
    '*',
    'https://evil.test',
    'http://localhost',
    'file://',
  ];
}

/** The origin of a message: the right one most of the time, else a look-alike or something random. */
export function originRecipe(right: string, alsoPlausible: string[] = []): fc.Arbitrary<Str> {
  return fc.oneof(
    { weight: 14, arbitrary: fc.constant(right) },
    { weight: 5, arbitrary: fc.constantFrom(...lookAlikes(right), ...alsoPlausible) },
    { weight: 1, arbitrary: fc.webUrl().map((url) => new URL(url).origin) },
    { weight: 1, arbitrary: fc.oneof(fc.string({ maxLength: 30 }), LONG.map((n): Str => ({ long: n, prefix: right }))) },
  );
}

/** One message: its data, origin and (named) source window. */
export interface MessageCase<S extends string> {
  data: DataRecipe;
  origin: Str;
  source: S;
}

export function messageCase<S extends string>(dir: Dir, origin: fc.Arbitrary<Str>, source: fc.Arbitrary<S>): fc.Arbitrary<MessageCase<S>> {
  return fc.record({ data: dataRecipe(dir), origin, source });
}

/**
 * A batch of exactly `size` messages (a fixed count per run). A failing batch prints as a summary:
 * the error names the first failing message in full, and the seed and path replay the batch.
 */
export function batch<T>(item: fc.Arbitrary<T>, size: number): fc.Arbitrary<T[]> {
  return fc.array(item, { minLength: size, maxLength: size }).map((items) =>
    Object.defineProperty(items, fc.toStringMethod, { value: () => `[${size} messages; the error names the failing one]` }),
  );
}

// ---------------------------------------------------------------------------------------------
// Checks shared by both halves.

/**
 * Structural equality down to `depth` levels, then identity: both halves and the oracle parse the
 * same data, so values below the checked fields (`drilldown.value`, theme extras) are the very same
 * objects, and 20,000-level nesting is never walked.
 */
export function sameShape(a: unknown, b: unknown, depth = 4): boolean {
  if (Object.is(a, b)) return true;
  if (depth === 0 || !isObject(a) || !isObject(b) || Array.isArray(a) !== Array.isArray(b)) return false;
  const keys = Reflect.ownKeys(a);
  if (keys.length !== Reflect.ownKeys(b).length) return false;
  return keys.every((key) => Object.prototype.hasOwnProperty.call(b, key) && sameShape(a[key as string], b[key as string], depth - 1));
}

const PROTOTYPES: [string, object][] = [
  ['Object.prototype', Object.prototype],
  ['Array.prototype', Array.prototype],
  ['Function.prototype', Function.prototype],
  ['String.prototype', String.prototype],
];

/** Snapshot of the built-in prototypes' own properties; `changed()` names what differs since. */
export function prototypeGuard() {
  const before = PROTOTYPES.map(([, proto]) => new Map(Reflect.ownKeys(proto).map((key) => [key, Object.getOwnPropertyDescriptor(proto, key)!.value])));
  const sizes = PROTOTYPES.map(([, proto]) => Reflect.ownKeys(proto).length);
  return {
    /** Cheap check for every message: no key added to or removed from a prototype, no `polluted`. */
    quick(): string | undefined {
      if (({} as Record<string, unknown>).polluted !== undefined) return 'Object.prototype.polluted appeared';
      for (let i = 0; i < PROTOTYPES.length; i++)
        if (Reflect.ownKeys(PROTOTYPES[i]![1]).length !== sizes[i]) return `${PROTOTYPES[i]![0]} gained or lost keys`;
      return undefined;
    },
    /** Puts the prototypes back as they were (after a detected pollution, so the run can report it). */
    restore() {
      PROTOTYPES.forEach(([, proto], i) => {
        for (const key of Reflect.ownKeys(proto)) if (!before[i]!.has(key)) delete (proto as Record<PropertyKey, unknown>)[key];
        for (const [key, value] of before[i]!)
          if (!Object.is(Object.getOwnPropertyDescriptor(proto, key)?.value, value)) Object.defineProperty(proto, key, { value, writable: true, configurable: true, enumerable: false });
      });
    },
    /** Full check: every own property of the prototypes still has its original value. */
    changed(): string | undefined {
      if (({} as Record<string, unknown>).polluted !== undefined) return 'Object.prototype.polluted appeared';
      for (let i = 0; i < PROTOTYPES.length; i++) {
        const [name, proto] = PROTOTYPES[i]!;
        const keys = Reflect.ownKeys(proto);
        if (keys.length !== before[i]!.size) return `${name} has ${keys.length} own keys, had ${before[i]!.size}`;
        for (const key of keys)
          if (!before[i]!.has(key) || !Object.is(Object.getOwnPropertyDescriptor(proto, key)!.value, before[i]!.get(key)))
            return `${name}.${String(key)} changed`;
      }
      if (Object.getPrototypeOf(Object.prototype) !== null) return 'Object.prototype got a prototype';
      return undefined;
    },
  };
}

/** A failing case, printed; never throws (the case may hold revoked proxies, the prototypes may be polluted). */
export function describeCase(c: unknown): string {
  try {
    return fc.stringify(c);
  } catch (error) {
    return `(unprintable: ${error})`;
  }
}

/** Lets every pending promise callback run (a macrotask turn). */
export const drain = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Collects unhandled rejections and uncaught exceptions while installed. */
export function escapeWatch() {
  const escaped: unknown[] = [];
  const onRejection = (reason: unknown) => escaped.push(reason);
  const onError = (event: Event) => escaped.push((event as ErrorEvent).error ?? event);
  return {
    escaped,
    install() {
      process.on('unhandledRejection', onRejection);
      process.on('uncaughtException', onRejection);
      window.addEventListener('error', onError);
    },
    uninstall() {
      process.off('unhandledRejection', onRejection);
      process.off('uncaughtException', onRejection);
      window.removeEventListener('error', onError);
    },
  };
}
