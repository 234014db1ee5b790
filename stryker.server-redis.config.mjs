// @ts-check
// `npm run mutation:redis`: the Redis store mutated, the Redis-backed suites run against each mutant
// (each suite starts its own redis-server as a child; the node project's global setup stops any an
// interrupted run left). See stryker.server.config.mjs.
import { serverHalf } from './stryker.server.config.mjs';

export default serverHalf('redis');
