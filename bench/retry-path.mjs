// What the fault benchmarks (bench:faults, bench:cluster's failovers) do as the customer's code and
// the browser side would: ask again after a refusal, and the documented retry path once the faults
// are over (every viewer signs out, then the sweep runs on every instance until nothing is pending).

/** How many times a request is asked at most (the first time and 5 more), and how far apart. */
export const ATTEMPTS = 6;
export const RETRY_AFTER_MS = 250;
const delay = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Asks `attempt` until `succeeded(answer)` or ATTEMPTS are spent, RETRY_AFTER_MS apart; resolves with the last answer. */
export async function withRetries(attempt, succeeded) {
  let answer;
  for (let tries = 0; tries < ATTEMPTS; tries += 1) {
    if (tries > 0) await delay(RETRY_AFTER_MS);
    answer = await attempt();
    if (succeeded(answer)) break;
  }
  return answer;
}

/**
 * Every viewer signs out through `endpoints` in turn, 50 at a time (a refused sign-out is asked
 * again, 100 ms later, until it is answered), then the sweep runs on every endpoint until none
 * finds anything pending or failing (at most 100 rounds). Resolves with `{ signOutRetries, sweepRounds }`.
 */
export async function signOutEveryone(endpoints, viewerIds) {
  const path = { signOutRetries: 0, sweepRounds: 0 };
  for (let at = 0; at < viewerIds.length; at += 50) {
    await Promise.all(viewerIds.slice(at, at + 50).map(async (viewerId, index) => {
      while (!(await endpoints[index % endpoints.length].logoutViewer(viewerId).then(() => true, () => false))) {
        path.signOutRetries += 1;
        await delay(100);
      }
    }));
  }
  for (let round = 1; round <= 100; round += 1) {
    const reports = await Promise.all(endpoints.map((endpoint) => endpoint.revokePending().catch(() => ({ pending: 1, failed: 0 }))));
    path.sweepRounds = round;
    if (reports.every((report) => report.pending === 0 && report.failed === 0)) break;
    await delay(100);
  }
  return path;
}
