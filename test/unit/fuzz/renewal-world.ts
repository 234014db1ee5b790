// The world of the renewal model test: two real embeds (createEmbed) sharing one session ledger,
// each on its own fake window whose timers run on one shared fake clock, each with a fake iframe
// whose content window is a small model of the frame half, as the frame package behaves: it exchanges
// each set-session id (137 ms) and then runs the new session unless it rejects the id (on a script or
// when the test says), holds session events meanwhile, and sends the session events the test asks for
// (about its current session, or late ones about older sessions, stamped when they could have been
// built). Properties that span a whole run are checked by the test at the end. Every call the embeds
// make into the world (mint, revoke, post, setTimeout, addEventListener) is checked as it happens;
// a broken rule is recorded in `violations` and fails the command that caused it.
import { buildEventMessage, parseActionMessage, SESSION_EXCHANGE_ERROR, SESSION_RENEWAL_CONTEXT, type EventName, type EventPayload } from '@svc-embed/protocol';
import { createEmbed, createSessionLedger, type Embed, type LogoutResult } from '@svc-embed/host';

export const TENANT = 'https://tenant.example';
export const PAGE = 'https://customer.example';
export const START = 1_700_000_000_000;
export const SECOND = 1_000;
export const MINUTE = 60 * SECOND;
export const HOUR = 60 * MINUTE;
/** Documented by the host: a rejection within 10 s of set-session counts against that id. */
export const REJECTION_WINDOW_MS = 10 * SECOND;
/** The frame half's default exchange timeout: a rejection can come this long after set-session. */
export const FRAME_EXCHANGE_TIMEOUT_MS = 30 * SECOND;
/** How long the frame's exchange of a set-session id takes (a network round trip) before it runs the new session. */
export const EXCHANGE_LATENCY_MS = 137;
/** The host renews from 30 min before its (estimated: 23 h after the last renewal) expiry. */
const FOREGROUND_DUE_AFTER_MS = 23 * HOUR - 30 * MINUTE;

export type MintOutcome = 'ok' | 'fail' | 'throw' | 'bad' | 'hang';
export type RevokeOutcome = 'ok' | 'throw' | 'reject';

export interface WorldParams {
  /** Lifetime of every session the frame model adopts. */
  lifetimeMs: number;
  /** How long before its expiry the frame warns (the frame's warnBeforeMs). */
  warnMs: number;
  /** The service's clock minus the browser's: session expiries are stamped by the service. */
  serviceClockOffsetMs: number;
  maxAttempts: number;
  mintTimeoutMs: number;
  /** Outcomes of each embed's successive mint calls ('ok' once used up). */
  mints: [MintOutcome[], MintOutcome[]];
  /** Outcomes of successive revocations ('ok' once used up). */
  revokes: RevokeOutcome[];
  /** What each embed's frame does with its successive set-session ids: take it, or reject it after so many ms ('take' once used up). */
  verdicts: [FrameVerdict[], FrameVerdict[]];
}

export type FrameVerdict = 'take' | number;

export const drain = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Timers of every fake window, on one clock. `advance` fires due timers in order, letting promises settle after each. */
export class FakeClock {
  now = START;
  private next = 1;
  private readonly timers = new Map<number, { due: number; run: () => void; owner: object }>();

  pending(owner: object): number {
    let count = 0;
    for (const timer of this.timers.values()) if (timer.owner === owner) count++;
    return count;
  }

  set(owner: object, run: () => void, ms: unknown): number {
    const id = this.next++;
    const delay = typeof ms === 'number' && ms > 0 ? ms : 0;
    this.timers.set(id, { due: this.now + delay, run, owner });
    return id;
  }

  clear(id: unknown) {
    this.timers.delete(id as number);
  }

  /** Lets `ms` pass, firing each timer at its due time. */
  async advance(ms: number) {
    const end = this.now + ms;
    for (let fired = 0; ; fired++) {
      if (fired > 10_000) throw new Error('timer storm: more than 10,000 timers in one advance');
      await drain(); // what is pending runs now, before time moves on
      let first: [number, { due: number; run: () => void }] | undefined;
      for (const entry of this.timers) if (entry[1].due <= end && (!first || entry[1].due < first[1].due)) first = entry;
      if (!first) break;
      this.timers.delete(first[0]);
      this.now = Math.max(this.now, first[1].due);
      first[1].run();
    }
    this.now = end;
    await drain();
  }

  /** The machine sleeps for `ms`: the clock jumps, then every overdue timer fires late. */
  async sleep(ms: number) {
    this.now += ms;
    await this.advance(0);
  }
}

/** A session of the frame model. */
export interface Session {
  id: string;
  expiresAt: number;
  adoptedAt: number;
  /**
   * When the frame stopped sending events about it: it got an id to replace it (from then on it holds
   * session events until the exchange settles). Undefined while it may send them.
   */
  frozenAt?: number;
  /** An expiring/expired event about this session reached the host while it was the frame's. */
  triggered: boolean;
  /** The frame sent an event about it: its exchange succeeded, it can no longer be rejected. */
  announced: boolean;
  /** A wake-up signal came when the host's estimate put this session inside its warning window. */
  foregroundDue: boolean;
}

interface MintCall {
  id: string;
  at: number;
  settled: boolean;
}

interface IdRecord {
  owner: string;
  sent: number;
  revoked: number;
  revokedBeforeLogout: number;
}

export type Sim = ReturnType<typeof createSim>;
export type World = ReturnType<typeof createWorld>;

function createSim(world: WorldCore, index: 0 | 1) {
  const key = `E${index}`;
  const clock = world.clock;
  const listeners = new Set<string>();
  let listenerIds = 0;
  const ids = new WeakMap<object, number>();
  /** A happy-dom EventTarget whose add/removeEventListener are counted. */
  const counted = <T extends EventTarget>(target: T, name: string): T => {
    const add = target.addEventListener.bind(target);
    const remove = target.removeEventListener.bind(target);
    const idOf = (listener: object) => ids.get(listener) ?? (ids.set(listener, ++listenerIds), listenerIds);
    target.addEventListener = (type: string, listener: any, options?: any) => {
      if (sim.destroyed) world.violation(`${key}: listener for ${type} added after destroy`);
      listeners.add(`${name}:${type}:${idOf(listener)}`);
      add(type, listener, options);
    };
    target.removeEventListener = (type: string, listener: any, options?: any) => {
      listeners.delete(`${name}:${type}:${idOf(listener)}`);
      remove(type, listener, options);
    };
    return target;
  };
  const win = counted(new EventTarget(), 'window') as EventTarget & Record<string, unknown>;
  const doc = counted(new EventTarget(), 'document');
  Object.assign(win, {
    document: doc,
    location: { origin: PAGE },
    setTimeout: (run: () => void, ms?: number) => {
      if (sim.destroyed) world.violation(`${key}: timer of ${ms} ms scheduled after destroy`);
      return clock.set(win, run, ms);
    },
    clearTimeout: (id: unknown) => clock.clear(id),
  });

  const frameWindow = {
    postMessage(message: any, origin: string) {
      if (sim.destroyed) world.violation(`${key}: posted ${message?.type} after destroy`);
      if (origin !== TENANT) world.violation(`${key}: posted to ${origin}`);
      const parsed = parseActionMessage(message);
      if (!parsed.ok) return world.violation(`${key}: posted an invalid action`);
      if (parsed.message.type === 'svc:action:set-session') sim.receive(parsed.message.payload!.sessionId);
    },
  };
  let src = '';
  const iframe = {
    get src() {
      return src;
    },
    set src(value: string) {
      if (sim.destroyed) world.violation(`${key}: iframe URL set after destroy`);
      if (sim.loaded) world.violation(`${key}: iframe URL set twice (the frame would reload)`);
      src = value;
      const id = new URL(value).searchParams.get('session') ?? '';
      sim.use(id, 'the iframe URL');
      sim.loaded = true;
      sim.adopt(id);
    },
    contentWindow: frameWindow,
    removed: false,
    remove() {
      iframe.removed = true;
    },
    setAttribute() {},
    // The host listens for the iframe's load (a page that loads and stays silent is frame-silent); this world sends none.
    addEventListener() {},
    removeEventListener() {},
  };

  const sim = {
    key,
    win,
    doc,
    iframe,
    frameWindow,
    listeners,
    script: [...world.params.mints[index]],
    verdicts: [...world.params.verdicts[index]],
    mintCalls: [] as MintCall[],
    hung: [] as { call: MintCall; resolve: () => void; reject: () => void }[],
    loaded: false,
    ready: false,
    latestExpiry: -Infinity,
    /** Ids the frame got and is still exchanging. */
    exchanging: 0,
    destroyed: false,
    sessions: [] as Session[],
    current: undefined as Session | undefined,
    /** The last set-session id the frame adopted, while a rejection of it is still possible. */
    lastSent: undefined as { id: string; at: number; previous: Session; rejected: boolean; adopted: boolean } | undefined,
    /** A session-renewal error reached the host since the last set-session. */
    errorSinceSend: false,
    sends: 0,
    rejections: 0,
    embed: undefined as unknown as Embed,

    mint(): Promise<string> {
      if (sim.destroyed) world.violation(`${key}: minted after destroy`);
      const inFlight = sim.mintCalls.filter((call) => !call.settled && clock.now < call.at + world.params.mintTimeoutMs);
      if (inFlight.length) world.violation(`${key}: a second mint while ${inFlight.map((call) => call.id)} is in flight`);
      const call: MintCall = { id: `${key}-m${++world.counter}`, at: clock.now, settled: false };
      sim.mintCalls.push(call);
      const outcome = sim.script.shift() ?? 'ok';
      if (outcome !== 'hang') call.settled = true;
      switch (outcome) {
        case 'ok':
          world.minted(call.id, key);
          return Promise.resolve(call.id);
        case 'fail':
          return Promise.reject(new Error('backend down'));
        case 'throw':
          throw new Error('mint threw');
        case 'bad':
          return Promise.resolve({ sessionId: call.id } as unknown as string);
        case 'hang':
          return new Promise<string>((resolve, reject) =>
            sim.hung.push({
              call,
              resolve: () => ((call.settled = true), world.minted(call.id, key), resolve(call.id)),
              reject: () => ((call.settled = true), reject(new Error('backend failed late'))),
            }),
          );
      }
    },

    /** Bookkeeping for an id the host put to use (iframe URL or set-session). */
    use(id: string, how: string) {
      const record = world.ids.get(id);
      if (!record) return world.violation(`${key}: ${how} carries ${id}, which was never minted`);
      if (record.owner !== key) world.violation(`${key}: ${how} carries ${id}, minted for ${record.owner}`);
      if (++record.sent > 1) world.violation(`${key}: ${id} sent twice`);
      if (record.revoked) world.violation(`${key}: ${id} sent after it was revoked`);
    },

    adopt(id: string) {
      // The service stamps each new session when the frame exchanges its id, later than the last one.
      const expiresAt = Math.max(clock.now + world.params.serviceClockOffsetMs + world.params.lifetimeMs, sim.latestExpiry + SECOND);
      sim.latestExpiry = expiresAt;
      const session: Session = { id, expiresAt, adoptedAt: clock.now, triggered: false, announced: false, foregroundDue: false };
      sim.sessions.push(session);
      sim.current = session;
      return session;
    },

    /**
     * The frame gets a set-session id: it must renew a session that needed it (and not one whose
     * renewal the frame is still exchanging). The frame exchanges it, a network round trip, then runs
     * the new session, unless it rejects the id.
     */
    receive(id: string) {
      sim.use(id, 'set-session');
      sim.sends++;
      const target = sim.current;
      if (!target) return world.violation(`${key}: set-session ${id} before the iframe loaded`);
      if (sim.exchanging && !sim.errorSinceSend)
        world.violation(`${key}: set-session ${id} while the frame still exchanges ${sim.lastSent!.id} for the same session ${target.id}: a second renewal of one session`);
      if (!target.triggered && !target.foregroundDue && !sim.errorSinceSend)
        world.violation(
          `${key}: set-session ${id} renews session ${target.id} (adopted at +${target.adoptedAt - START} ms), ` +
            'which had no expiring/expired event, no wake-up in its warning window and no rejection since the last id: a second renewal of one session',
        );
      sim.errorSinceSend = false;
      sim.exchanging++;
      target.frozenAt ??= clock.now;
      const last: NonNullable<typeof sim.lastSent> = (sim.lastSent = { id, at: clock.now, previous: target, rejected: false, adopted: false });
      clock.set(sim.frameWindow, () => {
        if (last.rejected) return;
        last.previous = sim.current!; // the session it actually replaces (exchanges run in order)
        last.adopted = true;
        sim.exchanging--;
        const session = sim.adopt(id);
        if (sim.exchanging) session.frozenAt = clock.now; // another id is being exchanged already
      }, EXCHANGE_LATENCY_MS);
      // The frame's exchange of the id fails after a while: it answers with a rejection then.
      const verdict = sim.verdicts.shift() ?? 'take';
      if (verdict !== 'take') clock.set(sim.frameWindow, () => void (sim.lastSent === last && sim.canReject() && sim.reject()), verdict);
    },

    /** Dispatches an event of the catalog from the frame, built now or (a late one) at `builtAt`. */
    emit<N extends EventName>(name: N, payload: EventPayload<N>, builtAt = clock.now) {
      const data = buildEventMessage(name, payload, { surface: 'dashboard', now: () => builtAt });
      win.dispatchEvent(new MessageEvent('message', { data, origin: TENANT, source: frameWindow as unknown as Window }));
    },

    /** The frame can still reject the id it got last: still exchanging it, or running it without having said anything about it. */
    canReject() {
      const last = sim.lastSent;
      return !!last && !last.rejected && (!last.adopted || (sim.current?.id === last.id && !sim.current.announced));
    },

    /** The frame rejects the id it got last: it keeps (or reverts to) the session it had. */
    reject() {
      sim.rejections++;
      const last = sim.lastSent!;
      last.rejected = true;
      if (last.adopted) {
        sim.current = last.previous;
        sim.sessions = sim.sessions.filter((session) => session.id !== last.id);
      } else sim.exchanging--;
      if (!sim.exchanging) sim.current!.frozenAt = undefined; // the frame runs it on, and speaks of it again
      sim.error(SESSION_RENEWAL_CONTEXT);
    },

    error(context: string) {
      if (context === SESSION_RENEWAL_CONTEXT) sim.errorSinceSend = true;
      sim.emit('error', { message: 'session id rejected', name: SESSION_EXCHANGE_ERROR, context, fatal: false });
    },

    pendingTimers: () => clock.pending(win),
  };
  return sim;
}

interface WorldCore {
  clock: FakeClock;
  params: WorldParams;
  counter: number;
  ids: Map<string, IdRecord>;
  violation(why: string): void;
  minted(id: string, owner: string): void;
}

/** Two embeds of one viewer (one ledger), their fake windows and frame models, on one fake clock. */
export function createWorld(params: WorldParams) {
  const violations: string[] = [];
  const revokeScript = [...params.revokes];
  const core: WorldCore = {
    clock: new FakeClock(),
    params,
    counter: 0,
    ids: new Map(),
    violation: (why) => void violations.push(`${why} (at +${core.clock.now - START} ms)`),
    minted: (id, owner) => void core.ids.set(id, { owner, sent: 0, revoked: 0, revokedBeforeLogout: 0 }),
  };
  const ledger = createSessionLedger();
  const world = {
    ...core,
    get counter() {
      return core.counter;
    },
    violations,
    revokeScript,
    ledger,
    signedOut: false,
    logoutResult: undefined as Promise<LogoutResult> | undefined,
    idsAtLogout: [] as string[],
    sims: [] as Sim[],
    revoke(id: string) {
      const record = core.ids.get(id);
      if (!record) return core.violation(`revoked ${id}, which was never minted`);
      record.revoked++;
      if (record.revoked > 1) core.violation(`revoked ${id} twice`);
      if (!world.signedOut) {
        record.revokedBeforeLogout++;
        if (record.sent) core.violation(`revoked ${id} without a logout although it was sent (a live session id)`);
      }
      const outcome = revokeScript.shift() ?? 'ok';
      if (outcome === 'throw') throw new Error('revocation endpoint down');
      if (outcome === 'reject') return Promise.reject(new Error('revocation rejected'));
      return undefined;
    },
    logout(by: Sim) {
      world.signedOut = true;
      world.idsAtLogout = [...core.ids.keys()];
      world.logoutResult = by.embed.logout();
      for (const sim of world.sims) sim.destroyed = true;
    },
    destroy(sim: Sim) {
      sim.embed.destroy();
      sim.destroyed = true;
      if (sim.pendingTimers()) core.violation(`${sim.key}: ${sim.pendingTimers()} timers still pending after destroy`);
      if (sim.listeners.size) core.violation(`${sim.key}: listeners still registered after destroy: ${[...sim.listeners]}`);
    },
  };
  for (const index of [0, 1] as const) {
    const sim = createSim(core, index);
    sim.embed = createEmbed({
      baseUrl: TENANT,
      publicId: `d-${index}`,
      iframe: sim.iframe as unknown as HTMLIFrameElement,
      window: sim.win as unknown as Window,
      document: sim.doc as unknown as Document,
      now: () => core.clock.now,
      mintSessionId: sim.mint,
      revokeSessionId: world.revoke,
      ledger,
      maxAttempts: params.maxAttempts,
      debug: (globalThis as any).RENEWAL_DEBUG,
      mintTimeoutMs: params.mintTimeoutMs,
    });
    world.sims.push(sim);
  }
  return world;
}

/** True when the frame could send this event about `session` now: a warning from its warning window on, an expiry from its expiry on. */
export function realistic(world: World, session: Session, kind: 'session-expiring' | 'session-expired') {
  return builtAt(world, session) >= session.expiresAt - (kind === 'session-expiring' ? world.params.warnMs : 0);
}

/**
 * The latest moment the frame could have built an event about `session`: now, or (a late delivery)
 * the moment it got the id that replaces it, which is when the host sent it.
 */
export function builtAt(world: World, session: Session) {
  return session.frozenAt ?? world.clock.now;
}

/** After a wake-up signal, which sessions the host may renew (its estimate: 23 h after adoption at the earliest). */
export function noteForeground(world: World) {
  for (const sim of world.sims)
    if (sim.current && world.clock.now >= sim.current.adoptedAt + FOREGROUND_DUE_AFTER_MS) sim.current.foregroundDue = true;
}
