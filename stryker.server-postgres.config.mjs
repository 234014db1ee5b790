// @ts-check
// `npm run mutation:postgres`: the Postgres store mutated, the suites that start their own postgres
// run against each mutant (packages/server/test/support/postgres-server.ts: a child of the test's
// process, stopped on exit; the node project's global setup stops one an interrupted run left). See
// stryker.server.config.mjs.
import { serverHalf } from './stryker.server.config.mjs';

export default serverHalf('postgres');
