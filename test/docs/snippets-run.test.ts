// The README snippets that run in Node: the shell commands name what exists (and the emulator's
// command line answers the curl the README shows), the emulator's in-code example, the protocol's
// API example, the platform client's quick start against the emulator, the frame's script-tag
// snippet in happy-dom, and the SPA and React quick starts rendered on the server (the browser tier
// runs them: test/browser/readme-apps.test.ts, readme-react.test.ts). Needs a build (npm test builds
// first).
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { build } from 'esbuild';
import { Window } from 'happy-dom';
import { createEmulator } from '../../packages/emulator/src/index.js';
import { describe, expect, it } from 'vitest';
import { runBlock } from './readme-blocks.js';
import { codeBlocks, readmeFiles, ROOT, type CodeBlock } from './readme-files.js';

const blocks = readmeFiles().flatMap(codeBlocks);
const notRun = (block: CodeBlock) => /snippet-not-run:/.test(block.code.split('\n')[0] ?? '');
const RUN_DIR = join(ROOT, 'reports', 'snippets-run');
mkdirSync(RUN_DIR, { recursive: true });
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
const vitestProjects = readFileSync(join(ROOT, 'vitest.config.ts'), 'utf8');

/** The shell lines of a block: continuation lines joined, comments and blank lines dropped. */
function commands(block: CodeBlock): string[] {
  return block.code.replace(/\\\n\s*/g, ' ').split('\n').map((line) => line.replace(/\s+#.*$/, '').trim()).filter((line) => line && !line.startsWith('#'));
}

const freePort = () => new Promise<number>((resolve) => {
  const server = createServer().listen(0, '127.0.0.1', () => {
    const { port } = server.address() as { port: number };
    server.close(() => resolve(port));
  });
});

describe('README shell blocks', () => {
  const cliHelp = execFileSync(process.execPath, [join(ROOT, 'packages', 'platform', 'bin', 'svc-embed.mjs'), '--help'], { encoding: 'utf8' });
  const shell = blocks.filter((block) => block.language === 'sh' && !notRun(block));

  it.each(shell.map((block) => [`${block.file}:${block.line}`, block] as const))('%s names only scripts, projects, bins and packages that exist', (_, block) => {
    for (const command of commands(block)) {
      for (const part of command.split('&&').map((piece) => piece.trim())) {
        const words = part.split(/\s+/);
        const [tool, sub, arg] = words;
        if (tool === 'npm' && (sub === 'ci' || sub === 'test' || (sub === 'install' && !arg))) continue;
        if (tool === 'npm' && sub === 'run') expect(pkg.scripts, part).toHaveProperty(arg!);
        else if (tool === 'npm' && sub === 'install') {
          const named = words.slice(2).filter((word) => !word.startsWith('-'));
          expect(named.length, part).toBeGreaterThan(0);
          for (const name of named) expect(readmeFiles(), part).toContain(`packages/${name.replace('@svc-embed/', '')}/README.md`);
        }
        else if (tool === 'npx' && sub === 'vitest') {
          expect(vitestProjects, part).toContain(`name: '${words[words.indexOf('--project') + 1]}'`);
        } else if (tool === 'npx' && sub === 'svc-embed-emulator') continue; // run below
        else if (tool === 'curl') continue; // run below
        else if (tool === 'export') expect(part).toMatch(/^export SVC_EMBED_(API_KEY|BASE_URL)=/);
        else if (tool === 'svc-embed') expect(cliHelp, part).toContain(`${sub} ${arg}`);
        else throw new Error(`${block.file}:${block.line}: no check for "${part}"`);
      }
    }
  });

  it("the emulator's command line starts as shown and answers the README's curl with a session id", async () => {
    const start = commands(runBlock('emulatorCommand'))[0]!;
    const curl = commands(runBlock('emulatorCurl'))[0]!;
    const port = await freePort();
    // Only the port differs: 4400 may be taken on this machine.
    const args = [...start.split(/\s+/).slice(2), '--port', String(port), '--quiet'];
    const emulator = spawn(process.execPath, [join(ROOT, 'packages', 'emulator', 'bin', 'svc-embed-emulator.js'), ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
    try {
      await new Promise<void>((resolve, reject) => {
        emulator.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('svc-embed emulator on') && resolve());
        emulator.once('exit', (code) => reject(new Error(`the emulator exited (${code})`)));
      });
      const curlArgs = [...curl.matchAll(/'[^']*'|\S+/g)].map(([word]) => word.replace(/^'|'$/g, '')).slice(1)
        .map((word) => word.replace('http://localhost:4400', `http://localhost:${port}`));
      const answer = JSON.parse(execFileSync('curl', curlArgs, { encoding: 'utf8' }));
      expect(answer.sessionId).toMatch(/^ses_/);
    } finally {
      emulator.kill();
    }
  });
});

describe('README blocks that run', () => {
  it("the emulator's in-code example runs in Node and closes what it opened", () => {
    const block = runBlock('emulatorInCode');
    const file = join(RUN_DIR, 'emulator-in-code.mjs');
    writeFileSync(file, `${block.code}\nconsole.log('closed');\n`);
    expect(execFileSync(process.execPath, [file], { cwd: ROOT, encoding: 'utf8', timeout: 30_000 }).trim()).toBe('closed');
  });

  it("the frame's script-tag snippet runs in a page and sends ready to the host origin", () => {
    const block = runBlock('frameScriptTag');
    const inline = /<script>([\s\S]*?)<\/script>/.exec(block.code)![1]!;
    expect(block.code).toContain('/@svc-embed/frame/dist/iife/svc-embed-frame.min.js');
    const window = new Window({ url: 'https://chat.tenant.example/embed/chat' });
    const posted: { message: any; origin: string }[] = [];
    Object.defineProperty(window, 'parent', { value: { postMessage: (message: unknown, origin: string) => posted.push({ message, origin }) } });
    window.eval(readFileSync(join(ROOT, 'packages', 'frame', 'dist', 'iife', 'svc-embed-frame.min.js'), 'utf8'));
    window.eval(inline);
    expect(posted).toEqual([{ origin: 'https://customer.example', message: expect.objectContaining({ type: 'svc:event:ready', payload: expect.objectContaining({ mode: 'private', surface: 'chat' }) }) }]);
    void window.happyDOM.close();
  });

  it('the SPA quick start renders on the server without touching window', async () => {
    const block = runBlock('spaQuickStart');
    const entry = join(RUN_DIR, 'spa-quick-start.tsx');
    writeFileSync(entry, `${block.code}\nimport { renderToString } from 'react-dom/server';\nconsole.log(renderToString(<Dashboard publicId="d-42" onExport={() => {}} />));\n`);
    const out = join(RUN_DIR, 'spa-quick-start.mjs');
    await build({ entryPoints: [entry], bundle: true, packages: 'external', platform: 'node', format: 'esm', outfile: out, jsx: 'automatic', logLevel: 'silent' });
    expect(execFileSync(process.execPath, [out], { cwd: ROOT, encoding: 'utf8' }).trim()).toBe('<div style="height:640px"></div>');
  });

  it('the React quick start renders on the server (the embed is made on the client only)', async () => {
    const block = runBlock('reactQuickStart');
    const entry = join(RUN_DIR, 'react-quick-start.tsx');
    writeFileSync(entry, `${block.code}\nimport { renderToString } from 'react-dom/server';\nconsole.log(renderToString(<App />));\n`);
    const out = join(RUN_DIR, 'react-quick-start.mjs');
    await build({ entryPoints: [entry], bundle: true, packages: 'external', platform: 'node', format: 'esm', outfile: out, jsx: 'automatic', logLevel: 'silent' });
    expect(execFileSync(process.execPath, [out], { cwd: ROOT, encoding: 'utf8' }).trim()).toBe('<div style="height:640px"></div><button type="button">Sign out</button>');
  });

  it("the protocol's API example runs in Node: a download's format printed, a wrong format dropped naming the field", async () => {
    const module = join(RUN_DIR, 'protocol-api.mjs');
    await build({ stdin: { contents: runBlock('protocolApi').code, resolveDir: RUN_DIR, loader: 'ts' }, bundle: true, packages: 'external', platform: 'node', format: 'esm', outfile: module, logLevel: 'silent' });
    // The reader's `messageEvent`: a download, then the same with a format the catalog does not have.
    const runner = join(RUN_DIR, 'protocol-api-run.mjs');
    writeFileSync(runner, [
      "import { buildEventMessage } from '@svc-embed/protocol';",
      "const download = buildEventMessage('download', { format: 'csv', target: 'dashboard', rowCount: 3 }, { surface: 'dashboard' });",
      'globalThis.messageEvent = { data: download };',
      "await import('./protocol-api.mjs?valid');",
      "globalThis.messageEvent = { data: { ...download, payload: { ...download.payload, format: 'docx' } } };",
      "await import('./protocol-api.mjs?invalid');",
    ].join('\n'));
    const printed = execFileSync(process.execPath, [runner], { cwd: ROOT, encoding: 'utf8', timeout: 30_000 });
    expect(printed.trim().split('\n')).toEqual(['csv', 'dropped: payload.format expected one of csv, xlsx, png, pdf']);
  });

  it("the platform client's quick start runs against the emulator (only the tenant URL replaced)", async () => {
    const block = runBlock('platformQuickStart');
    const emulator = await createEmulator({ port: 0, hostname: '127.0.0.1' });
    try {
      const entry = join(RUN_DIR, 'platform-quick-start.ts');
      writeFileSync(entry, block.code.replace("'https://tenant.example'", `'${emulator.url}'`));
      const out = join(RUN_DIR, 'platform-quick-start.mjs');
      await build({ entryPoints: [entry], bundle: true, packages: 'external', platform: 'node', format: 'esm', outfile: out, logLevel: 'silent' });
      rmSync(join(RUN_DIR, 'sales.pdf'), { force: true });
      const printed = await new Promise<string>((resolve, reject) => {
        // Asynchronously: the emulator answers from this process.
        const child = spawn(process.execPath, [out], { cwd: RUN_DIR, env: { ...process.env, SVC_EMBED_API_KEY: 'emulator-dev-key' }, stdio: ['ignore', 'pipe', 'pipe'] });
        let text = '';
        child.stdout.on('data', (chunk: Buffer) => (text += chunk));
        child.stderr.on('data', (chunk: Buffer) => (text += chunk));
        child.once('exit', (code) => (code === 0 ? resolve(text) : reject(new Error(`exit ${code}: ${text}`))));
      });
      expect(printed).toContain('42 Production analytics');
      expect(existsSync(join(RUN_DIR, 'sales.pdf'))).toBe(true);
      expect(readFileSync(join(RUN_DIR, 'sales.pdf')).subarray(0, 5).toString()).toBe('%PDF-');
    } finally {
      await emulator.close();
    }
  }, 60_000);
});
