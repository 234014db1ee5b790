// Test doubles for the frame: a fake frame window (happy-dom EventTargets) whose `parent` records
// what the frame posts, and which counts the listeners still registered on it.
import { buildActionMessage, type ActionName, type ActionPayload } from '@svc-embed/protocol';
import { afterEach, beforeEach, vi } from 'vitest';
import { createFrame, type FrameOptions } from '../src/index.js';

export const HOST = 'https://customer.example';
export const HOUR = 60 * 60 * 1000;
export const MINUTE = 60 * 1000;

export interface Posted {
  message: any;
  origin: string;
}

export interface FakeWindowOptions {
  ancestorOrigins?: string[];
  referrer?: string;
  dark?: boolean;
}

export function fakeWindow(options: FakeWindowOptions = {}) {
  const registered = new Set<string>();
  let next = 0;
  const ids = new WeakMap<object, number>();
  const idOf = (value: object) => ids.get(value) ?? (ids.set(value, ++next), next);
  /** Wraps add/removeEventListener so the test can count what is still registered. */
  const instrument = <T extends EventTarget>(target: T, name: string): T => {
    const add = target.addEventListener.bind(target);
    const remove = target.removeEventListener.bind(target);
    target.addEventListener = (type: string, listener: any, opts?: any) => {
      registered.add(`${name}:${type}:${idOf(listener)}`);
      add(type, listener, opts);
    };
    target.removeEventListener = (type: string, listener: any, opts?: any) => {
      registered.delete(`${name}:${type}:${idOf(listener)}`);
      remove(type, listener, opts);
    };
    return target;
  };
  const posted: Posted[] = [];
  const parent = { postMessage: vi.fn((message: unknown, origin: string) => void posted.push({ message, origin })) };
  const document = instrument(new EventTarget(), 'document') as EventTarget & { referrer: string };
  document.referrer = options.referrer ?? '';
  const media = instrument(new EventTarget(), 'media') as EventTarget & { matches: boolean; media: string };
  media.matches = options.dark ?? false;
  const matchMedia = vi.fn((query: string) => ((media.media = query), media));
  const reportError = vi.fn();
  const win = instrument(new EventTarget(), 'window');
  Object.assign(win, {
    parent,
    document,
    location: { ancestorOrigins: options.ancestorOrigins },
    matchMedia,
    reportError,
    // The frame's timers come from its window: these look the global ones up at each call, so fake
    // timers and spies on the global setTimeout see them.
    setTimeout: (...args: Parameters<typeof setTimeout>) => globalThis.setTimeout(...args),
    clearTimeout: (id: ReturnType<typeof setTimeout> | undefined) => globalThis.clearTimeout(id),
  });
  /** Dispatches a `message` event on the frame's window, by default from the host page. */
  const deliver = (data: unknown, from: { origin?: string; source?: unknown } = {}) => {
    const source = 'source' in from ? from.source : parent;
    win.dispatchEvent(new MessageEvent('message', { data, origin: from.origin ?? HOST, source: source as any }));
  };
  return {
    window: win as unknown as Window,
    parent,
    document,
    media,
    matchMedia,
    reportError,
    posted,
    /** Listeners still registered on the window, its document and the media query. */
    listeners: () => [...registered],
    /** Wire types posted so far. */
    types: () => posted.map((entry) => entry.message.type as string),
    deliver,
    /** Dispatches a valid action built by the protocol. */
    act: <N extends ActionName>(name: N, payload: ActionPayload<N>, from?: { origin?: string; source?: unknown }) =>
      deliver(buildActionMessage(name, payload), from),
  };
}

export type FakeWindow = ReturnType<typeof fakeWindow>;

/** A frame on a fake window with a signed session that expires in `lifetimeMs`. */
export function signedFrame(
  overrides: Partial<FrameOptions> & { lifetimeMs?: number; exchange?: (id: string) => any } = {},
  fake: FakeWindow = fakeWindow(),
) {
  const { lifetimeMs = 2 * HOUR, exchange = vi.fn(), ...rest } = overrides;
  const exchangeSpy = vi.fn(exchange);
  const frame = createFrame({
    surface: 'dashboard',
    mode: 'signed',
    hostOrigins: [HOST],
    session: { expiresAt: Date.now() + lifetimeMs, exchange: exchangeSpy },
    window: fake.window,
    ...rest,
  });
  return { frame, fake, exchange: exchangeSpy };
}

/** Lets queued promise callbacks run (exchange results) without advancing timers. */
export const flush = async () => {
  for (let i = 0; i < 10; i++) await Promise.resolve();
};

export const READY = { embedTenant: 'acme', deploymentId: 7, publicId: 'd-42' };

/** Fake timers with the wall clock at `start` for every test of the calling file; real ones after. */
export function useFakeClock(start: number) {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(start);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });
}
