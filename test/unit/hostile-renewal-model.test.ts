// Model test of the mint budgets against a hostile surface: generated sequences (fast-check) of what
// a compromised or broken surface on the tenant origin can say (warnings and lapses about sessions
// old and new, refusals of its id, ready, rejections of our ids), with clock gaps from nothing to an
// hour, mints instant or slow, against three real embeds sharing one ledger (fake clock, synthetic
// MessageEvents). Checked after each sequence: in every window of the budgets' length, no embed
// minted more than its limit and the ledger no more than its own; a refused renewal says
// `mint-limit`; nothing escaped to the page.
import { createEmbed, createSessionLedger, type Embed, type EmbedOptions, type MintLimit } from '@svc-embed/host';
import { buildEventMessage, type EventName, type EventPayload } from '@svc-embed/protocol';
import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

const SEED = Number(process.env.FUZZ_SEED ?? 0x5eed_1319);
const RUNS = Number(process.env.HOSTILE_MODEL_RUNS ?? 300);
const TENANT = 'https://tenant.example';
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const EMBEDS = 3;

type Say =
  | { kind: 'expiring-new' | 'expired-new' | 'expiring-old' | 'refuse' | 'ready' | 'reject' | 'view' }
  | { kind: 'wait'; ms: number };
interface Step {
  embed: number;
  say: Say;
}

interface World {
  embeds: Embed[];
  frames: { postMessage: (message: unknown) => void }[];
  /** Times of every mint, by embed. */
  mints: number[][];
  refusals: string[];
  expiry: number;
}

const stats = { runs: 0, steps: 0, mints: 0, refusals: 0, busiestHour: 0 };
const escaped: unknown[] = [];
const onRejection = (reason: unknown) => void escaped.push(reason);
beforeAll(() => process.on('unhandledRejection', onRejection));
afterAll(() => {
  process.off('unhandledRejection', onRejection);
  console.log(`[hostile-renewal-model] ${stats.runs} sequences, ${stats.steps} steps, ${stats.mints} ids minted, ${stats.refusals} renewals refused (mint-limit), busiest window of one embed: ${stats.busiestHour} ids`);
});
beforeEach(() => vi.useFakeTimers({ now: 1_700_000_000_000 }));
afterEach(() => vi.useRealTimers());

function event<N extends EventName>(name: N, payload: EventPayload<N>, builtAt: number) {
  return { ...buildEventMessage(name, payload, { surface: 'dashboard' }), timestamp: builtAt };
}

function createWorld(limits: { embed: MintLimit; ledger: MintLimit; mintMs: number }): World {
  const ledger = createSessionLedger({ mintLimit: limits.ledger });
  const world: World = { embeds: [], frames: [], mints: [], refusals: [], expiry: Date.now() + HOUR };
  for (let index = 0; index < EMBEDS; index += 1) {
    const times: number[] = [];
    world.mints.push(times);
    let n = 0;
    const options: EmbedOptions = {
      baseUrl: TENANT, publicId: `d-${index}`, container: document.createElement('div'), ledger, readyTimeoutMs: 0, mintLimit: limits.embed,
      mintSessionId: () => {
        times.push(Date.now());
        n += 1;
        const id = `e${index}-s${n}`;
        return limits.mintMs ? new Promise((resolve) => setTimeout(() => resolve(id), limits.mintMs)) : id;
      },
      revokeSessionId: () => {},
    };
    const embed = createEmbed(options);
    const frame = { postMessage: () => {} };
    Object.defineProperty(embed.iframe, 'contentWindow', { value: frame, configurable: true });
    embed.on('renewal-failed', ({ error }) => void world.refusals.push(error.code));
    embed.ready.catch(() => {});
    world.embeds.push(embed);
    world.frames.push(frame);
  }
  return world;
}

/** Delivers what the surface of `step.embed` says, stamped a millisecond after now (after our last set-session). */
async function perform(world: World, step: Step): Promise<void> {
  const { say } = step;
  if (say.kind === 'wait') return void (await vi.advanceTimersByTimeAsync(say.ms));
  const now = Date.now();
  const builtAt = now + 1;
  world.expiry = Math.max(world.expiry, now) + 1;
  const messages: Record<Exclude<Say['kind'], 'wait'>, () => unknown> = {
    'expiring-new': () => event('session-expiring', { expiresAt: world.expiry + 30 * MINUTE, expiresInMs: 30 * MINUTE }, builtAt),
    'expired-new': () => event('session-expired', { expiredAt: world.expiry }, builtAt),
    'expiring-old': () => event('session-expiring', { expiresAt: now - HOUR, expiresInMs: 0 }, now - HOUR),
    refuse: () => event('error', { message: 'refused', name: 'EmbedSessionExchangeError', context: 'auth', fatal: true }, builtAt),
    ready: () => event('ready', { embedTenant: 'acme', deploymentId: 7, mode: 'signed', surface: 'dashboard', publicId: `d-${step.embed}` }, builtAt),
    reject: () => event('error', { message: 'rejected', name: 'EmbedSessionExchangeError', context: 'session-renewal' }, builtAt),
    view: () => event('view', { surface: 'dashboard', path: '/x' }, builtAt),
  };
  window.dispatchEvent(new MessageEvent('message', { data: messages[say.kind](), origin: TENANT, source: world.frames[step.embed] as never }));
  await vi.advanceTimersByTimeAsync(0);
}

/** The most times in any window of `windowMs` (sorted times, two pointers). */
function busiest(times: readonly number[], windowMs: number): number {
  const sorted = [...times].sort((a, b) => a - b);
  let most = 0;
  let first = 0;
  for (let last = 0; last < sorted.length; last += 1) {
    while ((sorted[last] as number) - (sorted[first] as number) >= windowMs) first += 1;
    most = Math.max(most, last - first + 1);
  }
  return most;
}

const say: fc.Arbitrary<Say> = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom<Say>({ kind: 'expiring-new' }, { kind: 'expired-new' }, { kind: 'refuse' }, { kind: 'ready' }) },
  { weight: 2, arbitrary: fc.constantFrom<Say>({ kind: 'expiring-old' }, { kind: 'reject' }, { kind: 'view' }) },
  { weight: 3, arbitrary: fc.constantFrom(0, 1, 50, 1_000, 10_000, MINUTE, 10 * MINUTE, HOUR).map((ms): Say => ({ kind: 'wait', ms })) },
);
const steps = fc.array(fc.record({ embed: fc.integer({ min: 0, max: EMBEDS - 1 }), say }), { minLength: 20, maxLength: 300 });
const window_ = fc.constantFrom(MINUTE, 10 * MINUTE, HOUR);
const limits = fc.record({
  embed: fc.record({ ids: fc.constantFrom(2, 5, 30), windowMs: window_ }),
  ledger: fc.record({ ids: fc.constantFrom(3, 12, 120), windowMs: window_ }),
  mintMs: fc.constantFrom(0, 0, 50, 5_000),
});

describe('the mint budgets against a hostile surface, model-based', () => {
  it(`no embed and no ledger mints past its limit in any window, over ${RUNS} generated sequences (seed ${SEED})`, async () => {
    await fc.assert(
      fc.asyncProperty(limits, steps, async (limit, sequence) => {
        stats.runs += 1;
        const world = createWorld(limit);
        await vi.advanceTimersByTimeAsync(0);
        for (const step of sequence) await perform(world, step);
        await vi.advanceTimersByTimeAsync(HOUR);
        for (const embed of world.embeds) embed.destroy();
        stats.steps += sequence.length;
        for (const times of world.mints) {
          stats.mints += times.length;
          const most = busiest(times, limit.embed.windowMs);
          stats.busiestHour = Math.max(stats.busiestHour, most);
          expect(most, 'ids minted by one embed in one window').toBeLessThanOrEqual(limit.embed.ids);
        }
        expect(busiest(world.mints.flat(), limit.ledger.windowMs), 'ids minted for the viewer in one window').toBeLessThanOrEqual(limit.ledger.ids);
        stats.refusals += world.refusals.filter((code) => code === 'mint-limit').length;
        expect(escaped.splice(0)).toEqual([]);
      }),
      { seed: SEED, numRuns: RUNS },
    );
    // The sequences did reach the budgets: otherwise this test would check nothing.
    expect(stats.refusals).toBeGreaterThan(RUNS / 10);
    // 300 sequences take a few seconds alone; on a loaded machine (CI beside other suites) more than vitest's default 5 s.
  }, 60_000);
});
