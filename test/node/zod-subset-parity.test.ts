// The script-tag bundles run the protocol's schemas on packages/protocol/src/zod-mini-subset.ts
// instead of zod/mini (see rollup.config.mjs). This suite builds the protocol both ways and requires
// identical results, schema by schema and message by message, on the catalog examples, on every
// rejection case of the payload tests and on generated hostile input (fast-check, seeded).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import * as real from '../../packages/protocol/src/index.js';
import { actionExamples, eventExamples, minimalEventExamples } from '../../packages/protocol/test/examples.js';

type Protocol = typeof real;
let subset: Protocol;

beforeAll(async () => {
  const root = join(__dirname, '..', '..');
  const entry = join(root, 'packages', 'protocol', 'src', 'index.ts');
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    format: 'esm',
    write: false,
    logLevel: 'silent',
    alias: { 'zod/mini': join(root, 'packages', 'protocol', 'src', 'zod-mini-subset.ts') },
  });
  const code = result.outputFiles[0]!.text;
  expect(code).not.toContain('$ZodObject');
  const file = join(root, 'reports', 'protocol-on-zod-subset.mjs');
  mkdirSync(join(root, 'reports'), { recursive: true });
  writeFileSync(file, code);
  subset = await import(/* @vite-ignore */ pathToFileURL(file).href);
});

/** What a safeParse result says, in a form both libraries share. */
function outcome(schema: { safeParse(data: unknown): any }, data: unknown) {
  try {
    const result = schema.safeParse(data);
    if (result.success) return { success: true, data: result.data };
    const { code, path, expected, values, message } = result.error.issues[0];
    return { success: false, issue: { code, path, expected, values: values && [...values], message } };
  } catch (error) {
    return { threw: true };
  }
}

function expectSameSchemas(data: unknown, name?: string) {
  const pairs: [string, any, any][] = [
    ['eventEnvelope', real.eventEnvelopeSchema, subset.eventEnvelopeSchema],
    ['actionEnvelope', real.actionEnvelopeSchema, subset.actionEnvelopeSchema],
  ];
  for (const key of real.EVENT_NAMES) if (!name || name === key) pairs.push([`event ${key}`, real.eventSchemas[key], subset.eventSchemas[key]]);
  for (const key of real.ACTION_NAMES) if (!name || name === key) pairs.push([`action ${key}`, real.actionSchemas[key], subset.actionSchemas[key]]);
  for (const [label, a, b] of pairs) expect(outcome(b, data), label).toStrictEqual(outcome(a, data));
}

function expectSameMessages(data: unknown) {
  expect(subset.parseEventMessage(data)).toStrictEqual(real.parseEventMessage(data));
  expect(subset.parseActionMessage(data)).toStrictEqual(real.parseActionMessage(data));
}

const envelope = (direction: string, type: string, payload: unknown, surface?: unknown) => ({
  source: 'svc-embed', direction, type, payload, timestamp: 1, ...(surface === undefined ? {} : { surface }),
});

describe('zod/mini subset parity', () => {
  it('agrees on every catalog example and its envelope', () => {
    for (const [name, payload] of [...Object.entries(eventExamples), ...Object.entries(minimalEventExamples)]) {
      expectSameSchemas(payload, name);
      expectSameMessages(envelope('event', `svc:event:${name}`, payload, 'dashboard'));
    }
    for (const [name, payload] of Object.entries(actionExamples)) {
      expectSameSchemas(payload, name);
      expectSameMessages(envelope('action', `svc:action:${name}`, payload));
    }
  });

  it('agrees on every field of every example set to each value of a hostile palette', () => {
    const palette: unknown[] = [
      undefined, null, '', 'x', 'csv', 'dark', 'auto', 'CSV', 0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, true, false,
      [], ['a'], {}, { value: 1 }, 'f_orders.status={"value":1}', '/page', '//x', 'es-ES', 'english', 'Europe/Berlin', '+05:30',
      Object.create(null), new Date(0), 10n, Symbol.iterator, () => 1,
    ];
    for (const [name, example] of [...Object.entries(eventExamples), ...Object.entries(actionExamples)]) {
      for (const field of Object.keys(example ?? { x: 1 })) {
        for (const value of palette) expectSameSchemas({ ...(example as object), [field]: value }, name);
        const { [field]: _dropped, ...rest } = (example ?? {}) as Record<string, unknown>;
        expectSameSchemas(rest, name);
      }
      for (const value of palette) expectSameSchemas(value, name);
    }
  });

  it('agrees on own __proto__, constructor and prototype keys and inherited properties', () => {
    const cases = [
      JSON.parse('{"embedTheme":{"__proto__":{"polluted":1},"constructor":{"prototype":{"y":1}},"prototype":1,"font":"Inter"}}'),
      JSON.parse('{"__proto__":{"scheme":"dark"}}'),
      JSON.parse('{"scheme":"dark","__proto__":null}'),
      Object.assign(Object.create({ inherited: 'yes', primaryColor: 1 }), { font: 'x' }),
      { embedTheme: Object.assign(Object.create({ inherited: 'yes' }), { font: 'x' }) },
      { embedTheme: Object.create({ primaryColor: 42 }) },
    ];
    for (const data of cases) {
      expectSameSchemas(data);
      expectSameSchemas({ embedTheme: data });
    }
  });

  it('agrees on 20,000 generated messages (seeded)', () => {
    const names = fc.constantFrom(...real.EVENT_NAMES.map(real.eventType), ...real.ACTION_NAMES.map(real.actionType), 'svc:event:unknown', 'svc:action:x');
    const valueish = fc.oneof(
      fc.anything({ withNullPrototype: true, withObjectString: true, withBigInt: false, maxDepth: 3 }),
      fc.constantFrom(...Object.values(eventExamples), ...Object.values(actionExamples)),
    );
    const message = fc.record(
      {
        source: fc.oneof(fc.constant('svc-embed'), fc.string()),
        direction: fc.constantFrom('event', 'action', 'other'),
        type: fc.oneof(names, fc.anything()),
        payload: valueish,
        timestamp: fc.oneof(fc.integer(), fc.double(), fc.string()),
        surface: fc.oneof(fc.constantFrom('dashboard', 'app', 'chat', undefined), fc.anything()),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(message, (data) => {
        expectSameMessages(data);
      }),
      { seed: 20261122, numRuns: 20_000 },
    );
  });

  it('agrees on 10,000 generated payloads per schema family (seeded)', () => {
    const field = fc.oneof(fc.anything({ maxDepth: 2 }), fc.constantFrom('csv', 'widget', 'dark', 'es-ES', 'Europe/Berlin', '/p', 'signed', 'dashboard', 'submitted'));
    const payload = fc.dictionary(
      fc.constantFrom('format', 'target', 'scheme', 'locale', 'timezone', 'path', 'mode', 'surface', 'status', 'embedTheme', 'query', 'member', 'expiresAt', 'expiresInMs', 'expiredAt', 'message', 'fatal', 'embedTenant', 'deploymentId', 'sessionId', 'filterUrlParameter', '__proto__', 'constructor'),
      field,
    );
    fc.assert(fc.property(payload, (data) => expectSameSchemas(data)), { seed: 42, numRuns: 10_000 });
  });
});
