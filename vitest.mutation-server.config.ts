import { defineConfig } from 'vitest/config';
import base from './vitest.config';

// The config Stryker runs over the server (stryker.server.config.mjs): the `node` project of
// vitest.config.ts narrowed to the server's tests. MUTATION_TIER picks the part: `fast` (default),
// the tests that need no Redis nor PostgreSQL, for the store-independent code; `redis`, the suites
// that start their own redis-server (packages/server/test/support/redis-server.ts; the node project's
// global setup stops any an interrupted run left), for the Redis store; `postgres`, the suites that
// start their own postgres (test/support/postgres-server.ts), for the Postgres store. The type test
// is in none: it runs tsc over the declarations, which no mutant changes.
type Project = { test?: { name?: string } & Record<string, unknown> };
const node = (base.test?.projects as Project[] | undefined)?.find((project) => project.test?.name === 'node');
if (!node?.test) throw new Error('vitest.config.ts has no project named "node"');

const REDIS_SUITES = [
  'packages/server/test/stores/redis-{cluster,store,replicas,eviction,fault}.node.test.ts',
  'packages/server/test/revocation/{amplification,durable-revocation,ledger-horizon,sign-out-race}.node.test.ts',
  'packages/server/test/http/viewer-id.node.test.ts',
];
/**
 * The Redis store's tests that need no Redis (its scripts' keys and reply parsers, the clients'
 * shapes, the runner's errors, replies of other shapes, the replica acknowledgements' batches on a
 * fake primary): in the `redis` part too, where they are the only tests of what no server can be
 * made to answer, or not when the test says.
 */
const REDIS_UNIT_TESTS = ['packages/server/test/stores/{redis-script-keys,redis-script-replies,redis-connection,redis-command,redis-store-replies,replica-acks}.node.test.ts'];
/** The suites that start their own postgres: the `postgres` part's. */
const POSTGRES_SUITES = ['packages/server/test/stores/postgres-*.node.test.ts'];
const TYPE_TEST = 'packages/server/test/types.node.test.ts';
const tier = process.env.MUTATION_TIER ?? 'fast';
/** The suites of each part; `fast` is every server node test but the others' and the type test. */
const SUITES: Record<string, string[]> = { redis: [...REDIS_SUITES, ...REDIS_UNIT_TESTS], postgres: POSTGRES_SUITES, fast: ['packages/server/test/**/*.node.test.ts'] };
const include = SUITES[tier];
if (!include) throw new Error(`MUTATION_TIER is ${tier}: give fast, redis or postgres`);

export default defineConfig({
  esbuild: base.esbuild,
  resolve: base.resolve,
  test: {
    ...node.test,
    include,
    exclude: ['**/node_modules/**', TYPE_TEST, ...(tier === 'fast' ? [...REDIS_SUITES, ...POSTGRES_SUITES] : [])],
  },
});
