// Type tests for @svc-embed/server/redis: the store takes a single server's client as `client` and a
// Redis Cluster client as `cluster`, exactly one of them, each of its own kind. Each line marked
// with the expect-error directive must fail to compile.
import { createClient, createCluster } from 'redis';
import { createRedisStore } from '@svc-embed/server/redis';

declare const client: ReturnType<typeof createClient>;
declare const resp2Client: ReturnType<typeof createClient<{}, {}, {}, 2>>;
declare const cluster: ReturnType<typeof createCluster>;

createRedisStore({ client });
createRedisStore({ client: resp2Client, prefix: 'acme:embed:', timeoutMs: 500 });
createRedisStore({ client, replicas: 1, replicaTimeoutMs: 200 });
createRedisStore({ cluster });
createRedisStore({ cluster, replicas: 1 });

// @ts-expect-error a cluster client is not a single server's client
createRedisStore({ client: cluster });
// @ts-expect-error a single server's client is not a cluster client
createRedisStore({ cluster: client });
// @ts-expect-error both
createRedisStore({ client, cluster });
// @ts-expect-error neither
createRedisStore({ prefix: 'acme:embed:' });
// @ts-expect-error replicas is a number of replicas
createRedisStore({ client, replicas: true });
