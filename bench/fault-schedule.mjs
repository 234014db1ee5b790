// When Redis fails during the fault run, and how: a seeded plan of pauses (SIGSTOP past the store's
// timeout, then SIGCONT) and kills (SIGKILL, down a moment, started again from its append-only file),
// each at a share of the mints answered, and the runner that performs them as the mints go by.

const delay = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The plan: `pauses` pauses of `timeoutMs` + 100-900 ms and `kills` kills of 200-700 ms down, each
 * when a random share (5-90 %) of `totalMints` has been answered, in order.
 */
export function planFaults({ random, totalMints, pauses, kills, timeoutMs }) {
  const at = () => Math.round(totalMints * (0.05 + random() * 0.85));
  const faults = [
    ...Array.from({ length: pauses }, () => ({ kind: 'pause', atMint: at(), ms: timeoutMs + 100 + Math.round(random() * 800) })),
    ...Array.from({ length: kills }, () => ({ kind: 'kill', atMint: at(), ms: 200 + Math.round(random() * 500) })),
  ];
  return faults.sort((a, b) => a.atMint - b.atMint);
}

/** Performs one fault on the daemon and resolves once Redis serves again. */
async function perform(redis, fault) {
  if (fault.kind === 'pause') {
    redis.pause();
    await delay(fault.ms);
    redis.resume();
    return;
  }
  await redis.kill();
  await delay(fault.ms);
  await redis.restart();
}

/**
 * Runs the plan as mints are answered: call `tick(answered)` after each answer; a fault due starts
 * at once (one at a time). `done()` resolves once every fault has run and Redis serves again.
 */
export function faultRunner(redis, plan) {
  const queue = [...plan];
  const log = [];
  let running = Promise.resolve();
  return {
    log,
    tick(answered) {
      while (queue.length > 0 && queue[0].atMint <= answered) {
        const fault = queue.shift();
        running = running.then(async () => {
          const started = Date.now();
          await perform(redis, fault);
          log.push({ ...fault, answeredAtStart: answered, tookMs: Date.now() - started });
        });
      }
    },
    async done() {
      for (const fault of queue.splice(0)) {
        running = running.then(() => perform(redis, fault).then(() => log.push({ ...fault, answeredAtStart: null })));
      }
      await running;
    },
  };
}
