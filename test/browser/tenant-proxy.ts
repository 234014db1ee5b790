// A TCP proxy on localhost in front of a tenant's port, for the browser suites that must see the
// tenant's side of the wire: which connection carried which request, and what each answer's status was.
import { connect, createServer, type AddressInfo, type Socket } from 'node:net';

/** What the proxy saw, as it happened. */
export interface TenantProxy {
  /** The tenant origin the browser talks to: `http://localhost:<port>`. */
  url: string;
  /** Connections the browser opened so far. */
  readonly connections: number;
  /** Each request line the browser sent, with the number of the connection it came on. */
  requests: { connection: number; line: string }[];
  /** The status of each answer (`HTTP/1.1 200` at the start of a chunk: an answer's head comes in a chunk of its own here). */
  statuses: number[];
  close(): Promise<void>;
}

/** Starts a proxy to `127.0.0.1:<port>` on a free port of localhost. */
export async function startTenantProxy(port: number): Promise<TenantProxy> {
  const sockets = new Set<Socket>();
  const seen = { connections: 0, requests: [] as TenantProxy['requests'], statuses: [] as number[] };
  const proxy = createServer((client) => {
    seen.connections += 1;
    const connection = seen.connections;
    const upstream = connect(port, '127.0.0.1');
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    client.on('data', (chunk: Buffer) => {
      const line = chunk.toString('latin1').split('\r\n', 1)[0] ?? '';
      if (/^[A-Z]+ \//.test(line)) seen.requests.push({ connection, line });
    });
    upstream.on('data', (chunk: Buffer) => {
      const status = /^HTTP\/1\.[01] (\d{3})/.exec(chunk.toString('latin1'))?.[1];
      if (status) seen.statuses.push(Number(status));
    });
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => proxy.listen(0, 'localhost', resolve));
  return {
    url: `http://localhost:${(proxy.address() as AddressInfo).port}`,
    get connections() {
      return seen.connections;
    },
    requests: seen.requests,
    statuses: seen.statuses,
    close() {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => proxy.close(() => resolve()));
    },
  };
}
