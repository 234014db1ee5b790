// What the fault benchmarks (bench:faults, bench:cluster's failovers) do as the customer's code and
// the browser side would: mint, 100 viewers at a time, and ask again after a refusal; and the
// documented retry path once the faults are over (every viewer signs out, then the sweep runs on
// every instance until nothing is pending).
import { PATH, send } from './endpoint-rounds.mjs';

/** How many times a request is asked at most (the first time and 5 more), and how far apart. */
export const ATTEMPTS = 6;
export const RETRY_AFTER_MS = 250;
/** How many viewers mint at the same time. */
const VIEWERS_AT_ONCE = 100;
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
 * One mint of `viewer` at `target`, asked again after a 503. Each answer is counted in `load`
 * (`statuses` by status, the id of a 200 in `handedOut`, `answered`), then `onAnswer(load.answered)`
 * runs: the faults are planned by the number of answers.
 */
export function mintAskingAgain({ target, viewer, load, onAnswer }) {
  return withRetries(async () => {
    const answer = await send(target, { method: 'POST', path: PATH, viewer });
    load.statuses[answer.status] = (load.statuses[answer.status] ?? 0) + 1;
    if (answer.status === 200) load.handedOut.push(answer.body.sessionId);
    load.answered += 1;
    onAnswer(load.answered);
    return answer;
  }, (answer) => answer.status !== 503);
}

/** Runs `perViewer(viewer, index)` for every viewer in order, VIEWERS_AT_ONCE viewers at a time. */
export async function forViewersAtOnce(viewers, perViewer) {
  let next = 0;
  const worker = async () => {
    while (next < viewers.length) {
      const index = next;
      next += 1;
      await perViewer(viewers[index], index);
    }
  };
  await Promise.all(Array.from({ length: VIEWERS_AT_ONCE }, worker));
}

/** Without a tally: a sign-out's answer is not noted. */
const noTally = () => () => undefined;

/**
 * Every viewer signs out through `endpoints` in turn, 50 at a time (a refused sign-out is asked
 * again, 100 ms later, until it is answered), then the sweep runs on every endpoint until none
 * finds anything pending or failing (at most 100 rounds). `begin(viewerId)`, when given, is called
 * as a viewer's sign-out starts and returns what notes its answer. Resolves with `{ signOutRetries, sweepRounds }`.
 */
export async function signOutEveryone(endpoints, viewerIds, { begin = noTally } = {}) {
  const path = { signOutRetries: 0, sweepRounds: 0 };
  for (let at = 0; at < viewerIds.length; at += 50) {
    await Promise.all(viewerIds.slice(at, at + 50).map(async (viewerId, index) => {
      const noteAnswer = begin(viewerId);
      let answer = await endpoints[index % endpoints.length].logoutViewer(viewerId).catch(() => null);
      while (answer === null) {
        path.signOutRetries += 1;
        await delay(100);
        answer = await endpoints[index % endpoints.length].logoutViewer(viewerId).catch(() => null);
      }
      noteAnswer(answer);
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
