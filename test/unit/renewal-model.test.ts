// Model-based test of host session renewal: seeded random interleavings (fast-check commands) of
// session-expiring / session-expired for the current and older sessions (duplicates, late events),
// wake-up signals before and after expiry, mints that succeed, fail, throw, return garbage or hang
// (controlled deferreds, settled later), frame rejections (in time, late, spurious), clock advances
// and sleeps, destroy() and logout() at random points, on two real embeds sharing one ledger.
// The rules are checked by the world (test/unit/fuzz/renewal-world.ts) as each call happens.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createWorld, drain, FRAME_EXCHANGE_TIMEOUT_MS, HOUR, MINUTE, noteForeground, realistic, builtAt, REJECTION_WINDOW_MS, SECOND,
  type FrameVerdict, type MintOutcome, type RevokeOutcome, type Sim, type World, type WorldParams,
} from './fuzz/renewal-world.js';

const SEED = Number(process.env.FUZZ_SEED ?? 0x5eed_2e4e);
const RUNS = Number(process.env.MODEL_RUNS ?? 10_000);
const MAX_COMMANDS = 32;
const READY = { embedTenant: 'acme', deploymentId: 7, mode: 'signed', surface: 'dashboard', publicId: 'd-42' } as const;

type Cmd = fc.AsyncCommand<World, World>;

const executed: Record<string, number> = {};
const stats = { runs: 0, commands: 0, mints: 0, sends: 0, rejections: 0, revoked: 0, logouts: 0, destroys: 0, liveness: 0 };

function ensureClean(world: World) {
  if (world.violations.length) throw new Error(world.violations.join('\n'));
}

/** A session of the frame model: 0 the current one, 1 the one before, and so on (older ones: late events). */
function pick(sim: Sim, back: number) {
  return sim.sessions[Math.max(0, sim.sessions.length - 1 - back)]!;
}

abstract class Base implements Cmd {
  abstract label: string;
  check(_world: Readonly<World>): boolean {
    return true;
  }
  abstract act(world: World): Promise<void> | void;
  async run(world: World) {
    stats.commands++;
    const name = this.constructor.name;
    executed[name] = (executed[name] ?? 0) + 1;
    await this.act(world);
    await drain();
    ensureClean(world);
  }
  toString() {
    return this.label;
  }
}

class SessionEvent extends Base {
  constructor(readonly e: 0 | 1, readonly kind: 'session-expiring' | 'session-expired', readonly back: number) {
    super();
  }
  get label() {
    return `${this.kind}(E${this.e}, ${this.back ? `${this.back} back` : 'current'})`;
  }
  override check(world: World) {
    const sim = world.sims[this.e]!;
    return sim.loaded && realistic(world, pick(sim, this.back), this.kind);
  }
  act(world: World) {
    const sim = world.sims[this.e]!;
    const session = pick(sim, this.back);
    if (session === sim.current) session.triggered = true;
    session.announced = true;
    // An event about an older session is a late (or duplicate) delivery: built while that session ran.
    const at = builtAt(world, session);
    if (this.kind === 'session-expiring')
      sim.emit('session-expiring', { expiresAt: session.expiresAt, expiresInMs: Math.max(0, session.expiresAt - at) }, at);
    else sim.emit('session-expired', { expiredAt: session.expiresAt }, at);
  }
}

class Foreground extends Base {
  constructor(readonly type: 'visibilitychange' | 'pageshow' | 'focus' | 'online') {
    super();
  }
  get label() {
    return `wake-up(${this.type})`;
  }
  act(world: World) {
    noteForeground(world);
    for (const sim of world.sims) (this.type === 'visibilitychange' ? sim.doc : sim.win).dispatchEvent(new Event(this.type));
  }
}

class Advance extends Base {
  constructor(readonly ms: number, readonly asleep: boolean) {
    super();
  }
  get label() {
    return `${this.asleep ? 'sleep' : 'advance'}(${this.ms} ms)`;
  }
  act(world: World) {
    return this.asleep ? world.clock.sleep(this.ms) : world.clock.advance(this.ms);
  }
}

/** Lets time pass up to a moment of an embed's current session: its warning, its expiry, or the host's foreground estimate. */
class AdvanceTo extends Base {
  constructor(readonly e: 0 | 1, readonly to: 'warning' | 'expiry' | 'estimate', readonly asleep: boolean) {
    super();
  }
  get label() {
    return `${this.asleep ? 'sleep' : 'advance'} to ${this.to}(E${this.e})`;
  }
  override check(world: World) {
    return world.sims[this.e]!.loaded;
  }
  act(world: World) {
    const session = world.sims[this.e]!.current!;
    const at = { warning: session.expiresAt - world.params.warnMs, expiry: session.expiresAt, estimate: session.adoptedAt + 23 * HOUR - 29 * MINUTE }[this.to];
    const ms = Math.max(1, at - world.clock.now);
    return this.asleep ? world.clock.sleep(ms) : world.clock.advance(ms);
  }
}

class SettleMint extends Base {
  constructor(readonly e: 0 | 1, readonly ok: boolean) {
    super();
  }
  get label() {
    return `${this.ok ? 'resolve' : 'reject'} hung mint(E${this.e})`;
  }
  override check(world: World) {
    return world.sims[this.e]!.hung.length > 0;
  }
  act(world: World) {
    const hung = world.sims[this.e]!.hung.shift()!;
    this.ok ? hung.resolve() : hung.reject();
  }
}

class Reject extends Base {
  constructor(readonly e: 0 | 1, readonly late: boolean) {
    super();
  }
  get label() {
    return `frame rejects last id(E${this.e}${this.late ? ', late' : ''})`;
  }
  override check(world: World) {
    const sim = world.sims[this.e]!;
    if (!sim.canReject()) return false;
    const age = world.clock.now - sim.lastSent!.at;
    return this.late ? age >= REJECTION_WINDOW_MS && age < FRAME_EXCHANGE_TIMEOUT_MS : age < REJECTION_WINDOW_MS;
  }
  act(world: World) {
    world.sims[this.e]!.reject();
  }
}

class FrameError extends Base {
  constructor(readonly e: 0 | 1, readonly context: string) {
    super();
  }
  get label() {
    return `error(E${this.e}, ${this.context})`;
  }
  override check(world: World) {
    const sim = world.sims[this.e]!;
    // A session-renewal error from the frame is about an id it exchanged: with one in play, that is a Reject.
    return sim.loaded && (this.context !== 'session-renewal' || (!sim.exchanging && !sim.canReject()));
  }
  act(world: World) {
    world.sims[this.e]!.error(this.context);
  }
}

class Ready extends Base {
  constructor(readonly e: 0 | 1) {
    super();
  }
  get label() {
    return `ready(E${this.e})`;
  }
  override check(world: World) {
    const sim = world.sims[this.e]!;
    return sim.loaded && !sim.ready;
  }
  act(world: World) {
    const sim = world.sims[this.e]!;
    sim.ready = true;
    sim.emit('ready', READY);
  }
}

class Destroy extends Base {
  constructor(readonly e: 0 | 1) {
    super();
  }
  get label() {
    return `destroy(E${this.e})`;
  }
  override check(world: World) {
    return !world.sims[this.e]!.destroyed;
  }
  act(world: World) {
    stats.destroys++;
    world.destroy(world.sims[this.e]!);
  }
}

class Logout extends Base {
  constructor(readonly e: 0 | 1) {
    super();
  }
  get label() {
    return `logout(E${this.e})`;
  }
  override check(world: World) {
    return !world.signedOut;
  }
  async act(world: World) {
    stats.logouts++;
    // An embed destroyed before has left the ledger; its wrapped iframe stays, as destroy() documents.
    const attached = world.sims.filter((sim) => !sim.destroyed);
    world.logout(world.sims[this.e]!);
    await drain();
    for (const sim of world.sims) {
      if (attached.includes(sim) && !sim.iframe.removed) world.violation(`${sim.key}: iframe still in the page after logout`);
      if (sim.pendingTimers()) world.violation(`${sim.key}: ${sim.pendingTimers()} timers still pending after logout`);
      if (sim.listeners.size) world.violation(`${sim.key}: listeners still registered after logout: ${[...sim.listeners]}`);
    }
  }
}

const embedIndex = fc.constantFrom<0 | 1>(0, 1);
const sessionKind = fc.constantFrom('session-expiring', 'session-expired' as const);
const moment = fc.constantFrom('warning', 'expiry', 'estimate' as const);
const command: fc.Arbitrary<Cmd> = fc.oneof(
  // Events about the current session, and late or duplicate ones about the 1-3 sessions before.
  { weight: 6, arbitrary: fc.tuple(embedIndex, sessionKind).map(([e, kind]) => new SessionEvent(e, kind, 0)) },
  { weight: 3, arbitrary: fc.tuple(embedIndex, sessionKind, fc.integer({ min: 1, max: 3 })).map(([e, kind, back]) => new SessionEvent(e, kind, back)) },
  { weight: 3, arbitrary: fc.constantFrom('visibilitychange', 'pageshow', 'focus', 'online' as const).map((type) => new Foreground(type)) },
  { weight: 4, arbitrary: fc.constantFrom(100, SECOND, 2 * SECOND, 5 * SECOND, 10 * SECOND, 30 * SECOND, 5 * MINUTE, 29 * MINUTE, 2 * HOUR, 22 * HOUR + 40 * MINUTE).map((ms) => new Advance(ms, false)) },
  { weight: 1, arbitrary: fc.constantFrom(HOUR, 12 * HOUR, 23 * HOUR, 48 * HOUR).map((ms) => new Advance(ms, true)) },
  // Time passes to a moment that matters for one embed's current session, awake or asleep (timers late).
  { weight: 5, arbitrary: fc.tuple(embedIndex, moment, fc.boolean()).map(([e, to, asleep]) => new AdvanceTo(e, to, asleep)) },
  { weight: 3, arbitrary: fc.tuple(embedIndex, fc.boolean()).map(([e, ok]) => new SettleMint(e, ok)) },
  { weight: 3, arbitrary: fc.tuple(embedIndex, fc.constantFrom(false, false, true)).map(([e, late]) => new Reject(e, late)) },
  { weight: 1, arbitrary: fc.tuple(embedIndex, fc.constantFrom('session-renewal', 'render')).map(([e, context]) => new FrameError(e, context)) },
  { weight: 3, arbitrary: embedIndex.map((e) => new Ready(e)) },
  { weight: 1, arbitrary: embedIndex.map((e) => new Destroy(e)) },
  { weight: 1, arbitrary: embedIndex.map((e) => new Logout(e)) },
);

// The frame takes most ids; some it rejects at once, within the host's 10 s window, or later (its exchange timeout is 30 s).
const frameVerdicts = fc.array(fc.constantFrom<FrameVerdict>('take', 'take', 'take', 0, 3 * SECOND, 12 * SECOND, 25 * SECOND), { maxLength: 4 });
const mintOutcomes = fc.array(fc.constantFrom<MintOutcome>('ok', 'ok', 'ok', 'fail', 'throw', 'bad', 'hang', 'hang'), { maxLength: 8 });
const params: fc.Arbitrary<WorldParams> = fc.record({
  lifetimeMs: fc.constantFrom(24 * HOUR, HOUR, 20 * MINUTE, 3 * MINUTE),
  warnMs: fc.constantFrom(30 * MINUTE, MINUTE),
  serviceClockOffsetMs: fc.constantFrom(0, 0, 2 * MINUTE, -2 * MINUTE),
  maxAttempts: fc.constantFrom(1, 2, 4),
  mintTimeoutMs: fc.constantFrom(10 * SECOND, 2 * SECOND),
  mints: fc.tuple(mintOutcomes, mintOutcomes),
  revokes: fc.array(fc.constantFrom<RevokeOutcome>('ok', 'ok', 'throw', 'reject'), { maxLength: 4 }),
  verdicts: fc.tuple(frameVerdicts, frameVerdicts),
});

/**
 * After the interleaving: from now on mints succeed and the frames take every id (hung ones stay
 * hung); let retries and verdicts finish, then check that
 * a session-expired for the frame's current session still gets it renewed; then settle the hung
 * mints, and check that no id is lost,
 * sent twice or both sent and revoked, that logout revoked every id, and that nothing leaks.
 */
async function finish(world: World) {
  for (const sim of world.sims) {
    sim.script.length = 0;
    sim.verdicts.length = 0;
  }
  world.revokeScript.length = 0;
  // Hung mints stay hung for now: a mint that never settles must not hang the embed.
  await world.clock.advance(5 * MINUTE);
  ensureClean(world);
  if (!world.signedOut)
    for (const sim of world.sims) {
      if (sim.destroyed || !sim.loaded) continue;
      if (!sim.ready) (sim.ready = true), sim.emit('ready', READY);
      const session = sim.current!;
      session.triggered = session.announced = true;
      if (world.clock.now < session.expiresAt) await world.clock.advance(session.expiresAt - world.clock.now);
      if (sim.current !== session) continue; // renewed on its own meanwhile
      sim.emit('session-expired', { expiredAt: session.expiresAt });
      await world.clock.advance(2 * MINUTE);
      stats.liveness++;
      if (sim.current === session) world.violation(`${sim.key}: session-expired for the current session ${session.id} was not followed by a renewal`);
    }
  // Then they settle, long after their timeout: those ids must be revoked, never used.
  for (const sim of world.sims) while (sim.hung.length) sim.hung.shift()!.resolve();
  await world.clock.advance(MINUTE);
  for (const [id, record] of world.ids) {
    if (world.signedOut ? record.revoked !== 1 : record.sent + record.revoked !== 1)
      world.violation(`${id} (${record.owner}): sent ${record.sent}, revoked ${record.revoked}${world.signedOut ? ' after logout' : ''}`);
  }
  if (world.logoutResult) {
    const result = await world.logoutResult;
    const listed = new Set([...result.revoked, ...result.failed.map((failure) => failure.sessionId)]);
    for (const id of world.idsAtLogout) if (!world.ids.get(id)!.revokedBeforeLogout && !listed.has(id)) world.violation(`logout result does not list ${id}`);
  }
  for (const sim of world.sims) if (!sim.destroyed) world.destroy(sim);
  stats.mints += world.ids.size;
  stats.sends += world.sims.reduce((sum, sim) => sum + sim.sends, 0);
  stats.rejections += world.sims.reduce((sum, sim) => sum + sim.rejections, 0);
  stats.revoked += [...world.ids.values()].filter((record) => record.revoked).length;
  ensureClean(world);
}

const escaped: unknown[] = [];
const onRejection = (reason: unknown) => void escaped.push(reason);
beforeAll(() => process.on('unhandledRejection', onRejection));
afterAll(() => process.off('unhandledRejection', onRejection));

describe('session renewal, model-based', () => {
  it(`keeps its promises over ${RUNS} random interleavings (seed ${SEED})`, async () => {
    console.log(`[renewal-model] seed ${SEED} (FUZZ_SEED=${SEED} replays it), ${RUNS} interleavings of up to ${MAX_COMMANDS} commands`);
    const started = performance.now();
    await fc.assert(
      fc.asyncProperty(params, fc.commands([command], { maxCommands: MAX_COMMANDS, size: 'max' }), async (p, cmds) => {
        stats.runs++;
        const world = createWorld(p);
        await drain(); // the first mint of each embed
        ensureClean(world);
        await fc.asyncModelRun(() => ({ model: world, real: world }), cmds);
        await finish(world);
        await drain();
        if (escaped.length) throw new Error(`unhandled rejection: ${escaped.splice(0).map(String).join('; ')}`);
      }),
      { seed: SEED, numRuns: RUNS },
    );
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(
      `[renewal-model] ${stats.runs} interleavings, ${stats.commands} commands, ${stats.mints} ids minted, ${stats.sends} set-session sent, ${stats.rejections} rejected by the frame, ${stats.revoked} revoked, ${stats.logouts} logouts, ${stats.destroys} destroys, ${stats.liveness} liveness checks, ${seconds} s, seed ${SEED}`,
    );
    console.log(`[renewal-model] commands run: ${Object.entries(executed).map(([name, count]) => `${name} ${count}`).join(', ')}`);
    expect(stats.runs).toBe(RUNS);
  }, 300_000);
});

