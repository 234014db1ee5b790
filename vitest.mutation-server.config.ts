import { defineConfig } from 'vitest/config';
import base from './vitest.config';

// The config Stryker runs over the server (stryker.server.config.mjs): the `node` project of
// vitest.config.ts narrowed to the server's tests. MUTATION_TIER picks the half: `fast` (default),
// the tests that need no Redis, for the store-independent code; `redis`, the suites that start their
// own redis-server (packages/server/test/support/redis-server.ts; the node project's global setup
// stops any an interrupted run left), for the Redis store. The type test is in neither: it runs tsc
// over the declarations, which no mutant changes.
type Project = { test?: { name?: string } & Record<string, unknown> };
const node = (base.test?.projects as Project[] | undefined)?.find((project) => project.test?.name === 'node');
if (!node?.test) throw new Error('vitest.config.ts has no project named "node"');

const REDIS_SUITES = [
  'packages/server/test/stores/redis-{cluster,store,replicas,eviction,fault}.node.test.ts',
  'packages/server/test/revocation/{amplification,durable-revocation,ledger-horizon,sign-out-race}.node.test.ts',
  'packages/server/test/http/viewer-id.node.test.ts',
];
/** The suites that start their own postgres: in neither half (the Postgres store is mutated in neither yet). */
const POSTGRES_SUITES = ['packages/server/test/stores/postgres-*.node.test.ts'];
const TYPE_TEST = 'packages/server/test/types.node.test.ts';
const redis = process.env.MUTATION_TIER === 'redis';

export default defineConfig({
  esbuild: base.esbuild,
  resolve: base.resolve,
  test: {
    ...node.test,
    include: redis ? REDIS_SUITES : ['packages/server/test/**/*.node.test.ts'],
    exclude: ['**/node_modules/**', TYPE_TEST, ...POSTGRES_SUITES, ...(redis ? [] : REDIS_SUITES)],
  },
});
