// @ts-check
// Mutation testing of the server (`npm run mutation` and `npm run mutation:redis`): the settings of
// stryker.config.mjs, with the server's sources mutated and its node tests run against each mutant
// (vitest.mutation-server.config.ts). MUTATION_TIER=fast (default) mutates the store-independent
// code and runs the tests that need no Redis; MUTATION_TIER=redis mutates the Redis store and runs
// the suites that start their own redis-server. Each half writes its own report
// (reports/mutation/server-<tier>.json), which scripts/mutation-summary.mjs reads beside the browser's.
import browser from './stryker.config.mjs';

const redis = process.env.MUTATION_TIER === 'redis';
const tier = redis ? 'redis' : 'fast';
// A run over a few files (`--mutate`) may name its own report, so that runs side by side keep theirs.
const report = process.env.MUTATION_REPORT ?? `server-${tier}`;
const REDIS_STORE = ['packages/server/src/stores/{redis-*,replica-acks}.ts', 'packages/server/src/stores/redis-scripts/*.ts'];

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  ...browser,
  vitest: { configFile: 'vitest.mutation-server.config.ts' },
  mutate: redis
    ? REDIS_STORE
    : ['packages/server/src/**/*.ts', '!packages/server/src/{index,redis}.ts', ...REDIS_STORE.map((glob) => `!${glob}`)],
  htmlReporter: { fileName: `reports/mutation/${report}.html` },
  jsonReporter: { fileName: `reports/mutation/${report}.json` },
  incrementalFile: `reports/stryker-incremental-${report}.json`,
  // A hung store call (a mutant that never settles a promise) is a timeout, detected.
  timeoutMS: 10_000,
};
