import { createServer } from 'node:http';

const LOOPBACK_V4 = '127.0.0.1';

/** Where to listen for a URL host name: `localhost` answers on both loopback addresses. */
function listenAddresses(/** @type {string} */ hostname) {
  if (hostname === 'localhost') return [LOOPBACK_V4, '::1'];
  if (hostname.startsWith('[')) return [hostname.slice(1, -1)];
  return [hostname];
}

/**
 * @param {import('node:http').Server} server
 * @param {number} port
 * @param {string} address
 * @returns {Promise<number>}
 */
function listen(server, port, address) {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen({ port, host: address }, () => {
      server.off('error', reject);
      resolve(/** @type {import('node:net').AddressInfo} */ (server.address()).port);
    });
  });
}

/**
 * Serves `onRequest` on every address of the host name, all on one port (the first address's, when
 * `port` is 0). The second loopback address of `localhost` is optional (a machine without IPv6).
 * @param {{ hostname: string, port: number, onRequest: import('node:http').RequestListener }} target
 * @returns {Promise<{ servers: import('node:http').Server[], port: number }>}
 */
export async function listenOnHost({ hostname, port, onRequest }) {
  /** @type {import('node:http').Server[]} */
  const servers = [];
  let chosen = port;
  for (const [index, address] of listenAddresses(hostname).entries()) {
    const server = createServer(onRequest);
    try {
      chosen = await listen(server, chosen, address);
      servers.push(server);
    } catch (error) {
      if (index === 0) throw error;
    }
  }
  return { servers, port: chosen };
}

/**
 * Stops the servers and closes every open connection.
 * @param {import('node:http').Server[]} servers
 */
export async function closeServers(servers) {
  await Promise.all(
    servers.map(
      (server) =>
        new Promise((resolve) => {
          server.close(() => resolve(undefined));
          server.closeAllConnections();
        }),
    ),
  );
}
