// Test doubles for the host: the embed's iframe gets a fake content window that records what the
// host posts, and events are synthetic MessageEvents dispatched on the page's window (happy-dom
// cannot deliver real cross-origin messages; see docs/TOOLCHAIN.md).
import { buildEventMessage, type EventName, type EventPayload } from '@svc-embed/protocol';
import { afterEach, beforeEach, vi } from 'vitest';
import { createEmbed, type Embed, type EmbedOptions } from '../../src/index.js';
import { READY, START, TENANT } from './values.js';

export { HOUR, MINUTE, READY, START, TENANT } from './values.js';

/** A stand-in for the iframe's window: records posts as `{ message, origin }`. */
export function fakeFrameWindow() {
  const posted: { message: any; origin: string }[] = [];
  return { posted, postMessage: vi.fn((message: unknown, origin: string) => void posted.push({ message: message as any, origin })) };
}

export type FrameWindow = ReturnType<typeof fakeFrameWindow>;

/** Points `iframe.contentWindow` at a fake window (the SDK reads it at each message). */
export function attachFrameWindow(iframe: HTMLIFrameElement, frame: FrameWindow = fakeFrameWindow()): FrameWindow {
  Object.defineProperty(iframe, 'contentWindow', { value: frame, configurable: true });
  return frame;
}

/** Dispatches a `message` event on the page's window. */
export function deliver(data: unknown, origin: string, source: unknown) {
  window.dispatchEvent(new MessageEvent('message', { data, origin, source: source as any }));
}

/** A valid event message built by the protocol, as the frame half would send it. */
export function event<N extends EventName>(name: N, payload: EventPayload<N>) {
  return buildEventMessage(name, payload, { surface: 'dashboard' });
}

export interface Harness {
  embed: Embed;
  frame: FrameWindow;
  container: HTMLElement;
  /** Sends event `name` from the embed's iframe and tenant origin. */
  emit<N extends EventName>(name: N, payload: EventPayload<N>): void;
  /** Action names posted so far (the part after the prefix), in order. */
  actions(): string[];
  /** Payloads of the posted actions named `name`. */
  payloads(name: string): any[];
}

const live = new Set<Embed>();
// Every embed made through setup() is destroyed after its test, so none keeps listening.
afterEach(() => {
  live.forEach((embed) => embed.destroy());
  live.clear();
});

/**
 * Creates an embed in a detached container (happy-dom then loads nothing) for `TENANT` and dashboard
 * `d-42`, with a fake content window.
 */
export function setup(options: Partial<EmbedOptions> = {}): Harness {
  const container = document.createElement('div');
  const embed = createEmbed({ baseUrl: TENANT, publicId: 'd-42', container, ...privateUnlessSigned(options) } as EmbedOptions);
  live.add(embed);
  const frame = attachFrameWindow(embed.iframe);
  const actions = () => frame.posted.map((entry) => String(entry.message.type).split(':').pop()!);
  return {
    embed,
    frame,
    container,
    emit: (name, payload) => deliver(event(name, payload), TENANT, frame),
    actions,
    payloads: (name) => frame.posted.filter((entry) => entry.message.type.endsWith(`:${name}`)).map((entry) => entry.message.payload),
  };
}

/** `options` with `mode: 'private'` unless they give a session (or a mode of their own), as an app says it. */
export function privateUnlessSigned<T extends object>(options: T): T {
  const given = options as { mintSessionId?: unknown; sessionEndpoint?: unknown };
  return given.mintSessionId !== undefined || given.sessionEndpoint !== undefined || 'mode' in options ? options : { mode: 'private', ...options };
}

/**
 * A controllable `mintSessionId`: call n follows the next scripted step (`reject`, `hang`, or an id)
 * and, once the script is used up, resolves to `s<n>`.
 */
export function minter(...script: ('reject' | 'hang' | string)[]) {
  let n = 0;
  const mint = vi.fn(() => {
    const step = script.shift();
    n++;
    if (step === 'reject') return Promise.reject(new Error('backend down'));
    if (step === 'hang') return new Promise<string>(() => {});
    return Promise.resolve(step ?? `s${n}`);
  });
  return { mint };
}

/** Lets pending promise callbacks run (fake timers do not advance). */
export const flush = () => vi.advanceTimersByTimeAsync(0);

/** Fake timers for every test of the calling file, the clock at `now` (`START`), real ones after each. */
export function useFakeClock(now = START) {
  beforeEach(() => vi.useFakeTimers({ now }));
  afterEach(() => vi.useRealTimers());
}

/**
 * An embed that is ready on `s1` and renewing: its `renewSession()` (`renewal`) waits for the mint
 * of the next id until `finishMint(id)`. `revoke` is its `revokeSessionId`.
 */
export async function renewingEmbed() {
  let finishMint!: (id: string) => void;
  const mint = vi.fn<() => Promise<string>>().mockResolvedValueOnce('s1').mockImplementationOnce(() => new Promise((r) => (finishMint = r)));
  const revoke = vi.fn();
  const t = setup({ mintSessionId: mint, revokeSessionId: revoke });
  await flush();
  t.emit('ready', READY);
  const renewal = t.embed.renewSession();
  await flush();
  return { t, revoke, renewal, finishMint: (id: string) => finishMint(id) };
}
