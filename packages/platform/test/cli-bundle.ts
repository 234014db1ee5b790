import { execFile } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const PACKAGE_DIR = join(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Bundles the two lines of bin/svc-embed.mjs against the package's sources (so no build is
 * needed) into a temporary .mjs file, plus a report of its peak heap and buffer use when asked.
 */
export async function bundleCli(): Promise<string> {
  const outfile = join(await mkdtemp(join(tmpdir(), 'svc-embed-bin-')), 'svc-embed.mjs');
  await build({
    stdin: {
      contents: [
        "import { runCli } from './src/index.ts';",
        // With REPORT_MEMORY set, sample the heap and the external buffers every 5 ms and print the peaks.
        'const peak = { heapUsed: 0, arrayBuffers: 0 };',
        'const sample = () => { const m = process.memoryUsage(); peak.heapUsed = Math.max(peak.heapUsed, m.heapUsed); peak.arrayBuffers = Math.max(peak.arrayBuffers, m.arrayBuffers); };',
        'const timer = process.env.REPORT_MEMORY ? setInterval(sample, 5) : undefined;',
        'const code = await runCli(process.argv.slice(2));',
        'if (timer) { clearInterval(timer); sample(); process.stderr.write(`memory=${JSON.stringify(peak)}\\n`); }',
        'process.exitCode = code;',
      ].join('\n'),
      resolveDir: PACKAGE_DIR,
      loader: 'ts',
    },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    outfile,
    logLevel: 'silent',
  });
  return outfile;
}

/** Runs the bundled CLI in a child process; resolves with its exit code and output. */
export function runBundled(bundle: string, argv: string[], env: Record<string, string>) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(process.execPath, [bundle, ...argv], { env: { PATH: process.env.PATH ?? '', ...env }, timeout: 60_000, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr });
    });
  });
}
