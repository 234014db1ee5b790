import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const BIN = fileURLToPath(new URL('../bin/svc-embed-emulator.js', import.meta.url));
const children: ReturnType<typeof spawn>[] = [];
afterEach(async () => {
  for (const child of children.splice(0)) {
    if (child.exitCode !== null) continue;
    child.kill('SIGTERM');
    await once(child, 'exit');
  }
});

/** Starts the bin and resolves with its URL once it prints it. */
async function startBin(args: string[]) {
  const child = spawn(process.execPath, [BIN, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (chunk) => {
      output += chunk;
      const match = /emulator on (http:\/\/\S+)/.exec(output);
      if (match) resolve(match[1]!);
    });
    child.once('exit', (code) => reject(new Error(`exited with ${code}: ${output}`)));
  });
  return { child, url };
}

describe('svc-embed-emulator (bin)', () => {
  it('serves the endpoints with the given key and host origin, and stops on SIGTERM', async () => {
    const { child, url } = await startBin(['--port', '0', '--hostname', '127.0.0.1', '--api-key', 'bin-test-key-123', '--host-origin', 'http://127.0.0.1:4300', '--quiet']);
    const minted = await fetch(`${url}/api/v1/embed/generate-session`, { method: 'POST', headers: { authorization: 'Api-Key bin-test-key-123' }, body: JSON.stringify({ deploymentId: 1, internalId: 'u1' }) });
    expect(minted.status).toBe(200);
    const page = await fetch(`${url}/embed/dashboard/sales-overview`);
    expect(page.headers.get('content-security-policy')).toContain('frame-ancestors http://127.0.0.1:4300;');
    child.kill('SIGTERM');
    const [code] = await once(child, 'exit');
    expect(code).toBe(0);
  });

  it('exits non-zero with a message for a bad option', async () => {
    const child = spawn(process.execPath, [BIN, '--port', '0', '--host-origin', 'not-an-origin'], { stdio: ['ignore', 'pipe', 'pipe'] });
    children.push(child);
    let stderr = '';
    child.stderr!.on('data', (chunk) => (stderr += chunk));
    const [code] = await once(child, 'exit');
    expect(code).toBe(1);
    expect(stderr).toContain('host origin must be an absolute URL');
  });
});
