// What the Redis store's tests read back from Redis: a viewer's keys as the store lays them out (a
// hash tag on the viewer), and how many values Redis holds for one viewer, through a single
// server's client or a cluster's (both have these commands, the cluster routing each by its key).

/** The commands read here; `createClient()` and `createCluster()` clients both have them. */
export interface LedgerReader {
  zCard(key: string): Promise<number>;
  hLen(key: string): Promise<number>;
  exists(key: string): Promise<number>;
}

/** The keys of one viewer under a prefix, as the store lays them out: ids, pending, failures, mints, signouts, since. */
export const keysOf = (prefix: string, viewerId: string): string[] =>
  ['ids', 'pending', 'failures', 'mints', 'signouts', 'since'].map((part) => `${prefix}{${viewerId}}:${part}`);

/** How many values Redis holds for one viewer: members of the sorted sets, fields of the failure and mint counters, the sign-out moment. */
export async function redisStateSize(redis: LedgerReader, prefix: string, viewerId: string): Promise<number> {
  const [ids = '', pending = '', failures = '', mints = '', signOuts = '', since = ''] = keysOf(prefix, viewerId);
  const sizes = await Promise.all([redis.zCard(ids), redis.zCard(pending), redis.hLen(failures), redis.hLen(mints), redis.exists(signOuts), redis.zCard(since)]);
  return sizes.reduce((sum, size) => sum + Number(size), 0);
}

/** Key prefixes `<label>-<pid>-<n>:`, a new one at each call, so each test has a ledger of its own on a shared Redis. */
export function prefixMaker(label: string): () => string {
  let prefixes = 0;
  return () => `${label}-${process.pid}-${(prefixes += 1)}:`;
}
