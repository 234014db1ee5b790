// The node and docs tiers' global setup: before any test starts a server, the servers an earlier
// run left behind (killed with SIGKILL, which no exit hook sees) are stopped by their pidfiles in
// reports/test-servers/ (bench/child-servers.mjs). A run still going on in this checkout keeps its own.
import { stopStaleServers } from '../../bench/child-servers.mjs';

export default async function stopServersOfEarlierRuns(): Promise<void> {
  const stopped = await stopStaleServers();
  if (stopped.length === 0) return;
  const named = stopped.map(({ pid, binary }) => `${binary} (pid ${pid})`).join(', ');
  console.warn(`global setup: stopped ${stopped.length} server(s) an interrupted run left: ${named}`);
}
