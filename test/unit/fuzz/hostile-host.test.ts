// Generated hostile input at the host half's message boundary: synthetic `message` events on the
// page's window, dispatched into two real embeds of the same tenant origin (one signed, one private).
// Oracle: the protocol's parseEventMessage plus the rule "from this embed's iframe window AND
// exactly the tenant origin". Seeded: a failure prints the seed and path that replay it.
import { checkEventPayload, EVENT_NAMES, EVENT_PREFIX, parseActionMessage, parseEventMessage, type EventName } from '@svc-embed/protocol';
import { createEmbed } from '@svc-embed/host';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  batch, buildData, describeCase, buildStr, drain, escapeWatch, EVENT_LIST, isStateful, validByConstruction, messageCase, originRecipe, prototypeGuard, sameShape, type MessageCase,
} from './hostile-recipes.js';

const SEED = Number(process.env.FUZZ_SEED ?? 0x5eed_4057);
const RUNS = 1_000;
const PER_RUN = 50;
const TENANT = 'https://tenant.example';

type Source = 'A' | 'B' | 'page' | 'null' | 'undefined' | 'stranger' | 'proxy-of-A';
const sources = fc.oneof(
  { weight: 10, arbitrary: fc.constant<Source>('A') },
  { weight: 5, arbitrary: fc.constant<Source>('B') },
  { weight: 3, arbitrary: fc.constantFrom<Source>('page', 'null', 'undefined', 'stranger', 'proxy-of-A') },
);

interface Call {
  name: string;
  payload: unknown;
  message: any;
}

/** A fake content window that records what the host posts to it. */
function fakeWindow() {
  const posted: { message: any; origin: string }[] = [];
  return { posted, postMessage: (message: unknown, origin: string) => void posted.push({ message, origin }) };
}

/** Two embeds of one tenant on the page, every listener recorded. */
function hostWorld() {
  const frames = { A: fakeWindow(), B: fakeWindow() };
  const stranger = fakeWindow();
  let mints = 0;
  const revoked: string[] = [];
  const make = (name: 'A' | 'B', signed: boolean) => {
    const embed = createEmbed({
      baseUrl: TENANT,
      publicId: `d-${name}`,
      container: document.createElement('div'),
      readyTimeoutMs: 0,
      ...(signed ? { mintSessionId: () => `id-${++mints}`, revokeSessionId: (id: string) => void revoked.push(id), retryDelayMs: 600_000 } : { mode: 'private' as const }),
    });
    Object.defineProperty(embed.iframe, 'contentWindow', { value: frames[name], configurable: true });
    const calls: Call[] = [];
    for (const event of [...EVENT_NAMES, '*'] as const)
      embed.on(event as EventName, ((payload: unknown, message: unknown) => void calls.push({ name: event, payload, message })) as never);
    const notified: string[] = [];
    embed.on('renewed', () => void notified.push('renewed'));
    embed.on('renewal-failed', () => void notified.push('renewal-failed'));
    return { embed, calls, notified, frame: frames[name], readySeen: false };
  };
  const A = make('A', true);
  const B = make('B', false);
  // Queued until ready: the only thing a ready event may make the host post.
  A.embed.setColorScheme('dark');
  B.embed.refresh();
  const windows: Record<Source, unknown> = {
    A: frames.A, B: frames.B, page: window, null: null, undefined: undefined, stranger, 'proxy-of-A': new Proxy(frames.A, {}),
  };
  return { A, B, stranger, windows, mints: () => mints, revoked };
}


const stats = { tried: 0, accepted: 0, typed: 0, unknownType: 0, stateful: 0 };
const prototypes = prototypeGuard();
const watch = escapeWatch();
const consoleError = vi.spyOn(console, 'error');
const pagePost = vi.spyOn(window, 'postMessage');

beforeAll(() => watch.install());
afterAll(() => {
  watch.uninstall();
  consoleError.mockRestore();
  pagePost.mockRestore();
});

/** What one embed must see for one message, from the oracle. */
function expected(trusted: boolean, parsed: ReturnType<typeof parseEventMessage>): { name: string; payload: unknown }[] {
  if (!trusted) return [];
  if (parsed.ok) {
    const name = parsed.message.type.slice(EVENT_PREFIX.length);
    return [{ name, payload: parsed.message.payload }, { name: '*', payload: parsed.message.payload }];
  }
  if (parsed.reason === 'unknown-type') return [{ name: '*', payload: parsed.message.payload }];
  return [];
}

/** Every delivered call is consistent on its own: name matches the wire type, payload matches the schema. */
function consistent(call: Call): string | undefined {
  if (call.message?.source !== 'svc-embed' || call.message.direction !== 'event') return 'delivered a message that is not an event';
  if (!Object.is(call.payload, call.message.payload)) return 'payload argument differs from message.payload';
  if (call.name === '*') return undefined;
  if (call.message.type !== EVENT_PREFIX + call.name) return `listener ${call.name} got a ${String(call.message.type)} message`;
  const check = checkEventPayload(call.name as EventName, call.payload as never);
  return check.ok ? undefined : `listener ${call.name} got a payload failing its schema (${check.field} ${check.detail})`;
}

async function runBatch(cases: MessageCase<Source>[]) {
  const world = hostWorld();
  await drain(); // the signed embed mints its first id and sets its URL
  const failures: string[] = [];
  const fail = (why: string, c?: MessageCase<Source>) => failures.push(c ? `${why} [${describeCase(c)}]` : why);
  let sessionEventForA = false;
  let readyForA = false;
  try {
    for (const c of cases) {
      stats.tried++;
      const stateful = isStateful(c.data);
      if (stateful) stats.stateful++;
      const data = buildData(c.data);
      const origin = buildStr(c.origin);
      const parsed = stateful ? undefined : parseEventMessage(data);
      const before = { A: world.A.calls.length, B: world.B.calls.length, postsA: world.A.frame.posted.length, postsB: world.B.frame.posted.length };
      try {
        window.dispatchEvent(new MessageEvent('message', { data, origin, source: world.windows[c.source] as Window }));
      } catch (error) {
        fail(`exception escaped the host: ${error}`, c);
      }
      const polluted = prototypes.quick();
      if (polluted) {
        prototypes.restore();
        fail(`prototype pollution: ${polluted}`, c);
        break;
      }
      let delivered = false;
      for (const key of ['A', 'B'] as const) {
        const embed = world[key];
        const got = embed.calls.slice(before[key]);
        got.forEach((call) => {
          const why = consistent(call);
          if (why) fail(`embed ${key}: ${why}`, c);
        });
        // The rule, independent of the host's code: this embed's own iframe window, exactly the tenant origin.
        const trusted = world.windows[c.source] === embed.frame && origin === TENANT;
        if (!trusted && got.length) fail(`embed ${key} delivered a message from ${c.source} / ${JSON.stringify(origin.slice(0, 60))}`, c);
        if (parsed) {
          const want = expected(trusted, parsed);
          if (got.length !== want.length || !got.every((call, i) => call.name === want[i]!.name && sameShape(call.payload, want[i]!.payload)))
            fail(`embed ${key} delivered ${JSON.stringify(got.map((call) => call.name))}, oracle says ${JSON.stringify(want.map((call) => call.name))}`, c);
        }
        // Without the oracle: a catalog event from this embed's window is delivered; an action never is.
        const valid = validByConstruction(c.data);
        if (trusted && valid === 'event' && got.map((call) => call.name).join() !== `${String(c.data.t === 'valid' && c.data.base.type).slice(EVENT_PREFIX.length)},*`)
          fail(`embed ${key} did not deliver a valid ${String(c.data.t === 'valid' && c.data.base.type)} from its own window`, c);
        if (valid === 'action' && got.length) fail(`embed ${key} delivered an action`, c);
        if (got.length) delivered = true;
        const typed = got.find((call) => call.name !== '*');
        if (key === 'A' && typed?.name === 'ready') readyForA = true;
        if (key === 'A' && (typed?.name === 'session-expiring' || typed?.name === 'session-expired')) sessionEventForA = true;
        // Synchronously, a message can only make the host flush its queue, on the first ready.
        const posts = embed.frame.posted.slice(key === 'A' ? before.postsA : before.postsB);
        const firstReady = typed?.name === 'ready' && !embed.readySeen;
        if (typed?.name === 'ready') embed.readySeen = true;
        const queued = key === 'A' ? 'svc:action:set-color-scheme' : 'svc:action:refresh';
        if (posts.length !== (firstReady ? 1 : 0) || (firstReady && posts[0]!.message.type !== queued))
          fail(`embed ${key} posted ${JSON.stringify(posts.map((p) => p.message?.type))} in answer to one message`, c);
      }
      if (delivered) {
        stats.accepted++;
        if (world.A.calls.slice(before.A).some((call) => call.name !== '*') || world.B.calls.slice(before.B).some((call) => call.name !== '*')) stats.typed++;
        else stats.unknownType++;
      }
      if (failures.length) break;
    }
    const changed = prototypes.changed();
    if (changed) {
      prototypes.restore();
      fail(`prototype pollution: ${changed}`);
    }
    await drain(); // renewal triggered by an accepted session event: mint, then set-session

    // A session event from A's own window and origin, once ready, renews once; nothing else does.
    const setSessions = world.A.frame.posted.filter((p) => p.message?.type === 'svc:action:set-session');
    const want = readyForA && sessionEventForA ? 1 : 0;
    if (setSessions.length !== want) fail(`embed A sent ${setSessions.length} set-session (expected ${want}: ready ${readyForA}, session event ${sessionEventForA})`);
    if (world.mints() !== 1 + want) fail(`embed A minted ${world.mints()} ids (expected ${1 + want})`);
    if (world.revoked.length) fail(`revoked ${world.revoked} without a logout`);
    for (const key of ['A', 'B'] as const)
      for (const { message, origin } of world[key].frame.posted) {
        if (origin !== TENANT) fail(`embed ${key} posted to ${origin}`);
        if (!parseActionMessage(message).ok) fail(`embed ${key} posted an invalid action ${JSON.stringify(message)}`);
      }
    if (world.B.frame.posted.some((p) => p.message?.type === 'svc:action:set-session')) fail('private embed B sent set-session');
    if (world.stranger.posted.length || pagePost.mock.calls.length) fail('the host posted to a window other than its iframe');
    if (world.A.notified.includes('renewal-failed') || world.B.notified.length) fail(`unexpected notifications ${world.A.notified} ${world.B.notified}`);
    if (watch.escaped.length) fail(`escaped: ${watch.escaped.splice(0).map(String).join('; ')}`);
    if (consoleError.mock.calls.length) fail(`console.error: ${consoleError.mock.calls.map(String).join('; ')}`);

    // A valid message afterwards still works, for each embed and only for it.
    const download = { source: 'svc-embed', direction: 'event', type: 'svc:event:download', timestamp: 1, surface: 'dashboard', payload: { format: 'csv', target: 'dashboard' } };
    for (const key of ['A', 'B'] as const) {
      const other = key === 'A' ? 'B' : 'A';
      const counts = { [key]: world[key].calls.length, [other]: world[other].calls.length };
      window.dispatchEvent(new MessageEvent('message', { data: download, origin: TENANT, source: world[key].frame as unknown as Window }));
      const got = world[key].calls.slice(counts[key]).map((call) => call.name);
      if (got.join() !== 'download,*') fail(`after the batch, a valid download from ${key} gave ${JSON.stringify(got)}`);
      if (world[other].calls.length !== counts[other]) fail(`after the batch, ${other} got ${key}'s download`);
    }
  } finally {
    world.A.embed.destroy();
    world.B.embed.destroy();
    consoleError.mockClear();
    pagePost.mockClear();
  }
  return failures;
}

describe('hostile messages at the host boundary', () => {
  it('catalog: the generators cover every event of the protocol', () => {
    expect([...EVENT_LIST].sort()).toEqual([...EVENT_NAMES].sort());
  });

  it(`delivers only valid events from the embed's own window and the tenant origin (seed ${SEED})`, async () => {
    console.log(`[hostile] host half: seed ${SEED} (FUZZ_SEED=${SEED} replays it), ${RUNS} runs of ${PER_RUN} messages`);
    const started = performance.now();
    const tenantOrigins = originRecipe(TENANT);
    await fc.assert(
      fc.asyncProperty(batch(messageCase('event', tenantOrigins, sources), PER_RUN), async (cases) => {
        const failures = await runBatch(cases);
        if (failures.length) throw new Error(failures.slice(0, 3).join('\n'));
      }),
      { seed: SEED, numRuns: RUNS, endOnFailure: false },
    );
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(
      `[hostile] host half: ${stats.tried} messages tried, ${stats.accepted} accepted (${stats.typed} to typed listeners, ${stats.unknownType} unknown types to '*' only), ${stats.stateful} with a flipping type, ${seconds} s, seed ${SEED}`,
    );
    expect(stats.tried).toBe(RUNS * PER_RUN);
    expect(stats.accepted).toBeGreaterThan(stats.tried / 10);
  }, 120_000);
});


