/**
 * Where an outbox stands: `holding` messages until the other side is ready, `open` (sending at
 * once), or `closed` for good (dropping everything).
 */
type OutboxState = 'holding' | 'open' | 'closed';

/** Options of {@link createOutbox}. */
export interface OutboxOptions<Message> {
  /** Sends one message for real. */
  deliver: (message: Message) => void;
}

/** Outgoing messages held until the other side says it is ready, then sent in order. */
export interface Outbox<Message> {
  /** Holds `message` while `holding`, sends it while `open`, drops it once `closed`. */
  post(message: Message): void;
  /** Sends `message` now, past any held ones (unless `closed`). */
  postNow(message: Message): void;
  /** Drops the held messages that `unwanted` picks. */
  discard(unwanted: (message: Message) => boolean): void;
  /** Sends the held messages in order and sends everything at once from now on. No-op unless `holding`. */
  open(): void;
  /** Drops the held messages and every later one. */
  close(): void;
}

/**
 * Creates an {@link Outbox}, `holding` at first.
 * @example
 * const outbox = createOutbox({ deliver: (message) => target.postMessage(message, origin) });
 * outbox.post(first); // held
 * outbox.open(); // first is sent
 */
export function createOutbox<Message>(options: OutboxOptions<Message>): Outbox<Message> {
  const { deliver } = options;
  let state: OutboxState = 'holding';
  let held: Message[] = [];
  return {
    post(message) {
      if (state === 'holding') held.push(message);
      else if (state === 'open') deliver(message);
    },
    postNow(message) {
      if (state !== 'closed') deliver(message);
    },
    discard(unwanted) {
      held = held.filter((message) => !unwanted(message));
    },
    open() {
      if (state !== 'holding') return;
      state = 'open';
      const queued = held;
      held = [];
      queued.forEach(deliver);
    },
    close() {
      state = 'closed';
      held = [];
    },
  };
}
