// @ts-check
// Mutation testing of the server: the settings of stryker.config.mjs, with the server's sources
// mutated and its node tests run against each mutant (vitest.mutation-server.config.ts). Three parts:
// - `fast` (this file, `npm run mutation`): the store-independent code against the tests that need
//   no Redis nor PostgreSQL;
// - `redis` (stryker.server-redis.config.mjs, `npm run mutation:redis`): the Redis store against the
//   suites that start their own redis-server;
// - `postgres` (stryker.server-postgres.config.mjs, `npm run mutation:postgres`): the Postgres store
//   against the suites that start their own postgres.
// Each part writes its own report, reports/mutation/server-<half>.json, which
// scripts/mutation-summary.mjs prints beside the browser's. A run over a few files
// (`npx stryker run stryker.server.config.mjs --mutate <files>`) may name its report with
// MUTATION_REPORT=<name>, so that runs side by side keep theirs.
import { fileURLToPath } from 'node:url';
import browser from './stryker.config.mjs';

/** The Redis store: the files only the Redis-backed suites run. */
const REDIS_STORE = ['packages/server/src/stores/{redis-*,replica-acks}.ts', 'packages/server/src/stores/redis-scripts/*.ts'];
/** The Postgres store: the files only the suites that start their own postgres run (the `postgres` part). */
const POSTGRES_STORE = ['packages/server/src/stores/postgres-*.ts'];

/**
 * The config of one half. The half is passed to the vitest config (in the test runners Stryker
 * starts, which inherit this process's environment) as MUTATION_TIER.
 * @param {'fast' | 'redis' | 'postgres'} half
 * @returns {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
export function serverHalf(half) {
  process.env.MUTATION_TIER = half;
  // The test servers' pidfiles go to this checkout's reports/test-servers/, not the sandbox's: a run
  // killed mid-way (SIGKILL) leaves servers whose pidfiles must outlive the sandbox, for the next
  // run's global setup to stop them (bench/child-servers.mjs).
  process.env.SVC_TEST_SERVERS_DIR ??= fileURLToPath(new URL('./reports/test-servers/', import.meta.url));
  const report = process.env.MUTATION_REPORT ?? `server-${half}`;
  return {
    ...browser,
    // The Redis and Postgres suites reach the stores through the package's entry files, which
    // vitest's `related` search (tests importing a mutated file) does not follow here: it finds no
    // test, and Stryker stops. Per-test coverage still runs only the tests that cover a mutant.
    vitest: { configFile: 'vitest.mutation-server.config.ts', related: half === 'fast' },
    // A mutant's run of a Redis or Postgres suite starts the suite's servers again (beforeAll:
    // redis-server, initdb and postgres), which the per-test times Stryker sets its timeout from
    // leave out. At 5 s on a busy machine, half the Postgres part's first 145 mutants "timed out",
    // and each timeout restarts a test runner, which then starts its servers cold: 30 s leaves a
    // timeout to a mutant that hangs.
    ...(half === 'fast' ? {} : { timeoutMS: 30_000 }),
    mutate: half === 'redis' ? REDIS_STORE : half === 'postgres' ? POSTGRES_STORE
      // Re-export files hold no logic to test.
      : ['packages/server/src/**/*.ts', '!packages/server/src/{index,redis,postgres}.ts', ...[...REDIS_STORE, ...POSTGRES_STORE].map((glob) => `!${glob}`)],
    // The server's tests start their Redis and Postgres servers with bench/'s helpers
    // (child-servers, redis-cluster, redis-daemon): the sandbox keeps bench/. Without it the suites
    // that import them fail to load, and Stryker counts a dry run without them as a success.
    ignorePatterns: (browser.ignorePatterns ?? []).filter((pattern) => pattern !== 'bench'),
    htmlReporter: { fileName: `reports/mutation/${report}.html` },
    jsonReporter: { fileName: `reports/mutation/${report}.json` },
    incrementalFile: `reports/stryker-incremental-${report}.json`,
  };
}

export default serverHalf('fast');
