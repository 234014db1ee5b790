// Every published package passes publint (package.json, exports, files) and "Are the Types Wrong?"
// (types resolve for require and import under node10, node16 and bundler resolution) with no
// finding at all. Needs `npm run build` first (the test command builds).
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { publint } from 'publint';
import { describe, expect, it } from 'vitest';

const root = join(__dirname, '..', '..');
const manifest = (dir: string) => JSON.parse(readFileSync(join(root, 'packages', dir, 'package.json'), 'utf8'));
const published = readdirSync(join(root, 'packages')).filter((dir) => {
  const pkg = manifest(dir);
  return pkg.private !== true && pkg.exports;
});

describe.each(published)('packages/%s', (dir) => {
  it('has no publint message', async () => {
    const { messages } = await publint({ pkgDir: join(root, 'packages', dir), level: 'suggestion', strict: true });
    expect(messages).toEqual([]);
  }, 60_000);

  // A package without a `require` condition is ESM-only by design (the emulator): checked as such.
  const esmOnly = !manifest(dir).exports['.'].require;

  it('has no "Are the Types Wrong?" problem', () => {
    const bin = join(root, 'node_modules', '@arethetypeswrong', 'cli', 'dist', 'index.js');
    let out: string;
    try {
      // `…/iife` paths are script-tag files (browser scripts defining a global), not modules with types.
      const scripts = Object.keys(manifest(dir).exports).filter((path) => path.endsWith('/iife'));
      const excluded = scripts.length ? ['--exclude-entrypoints', ...scripts] : [];
      out = execFileSync(process.execPath, [bin, '--pack', join(root, 'packages', dir), '--format', 'json', ...(esmOnly ? ['--profile', 'esm-only'] : []), ...excluded], {
        cwd: root, encoding: 'utf8', env: { ...process.env, npm_config_loglevel: 'silent' },
      });
    } catch (error) {
      out = (error as { stdout: string }).stdout; // attw exits non-zero when it finds problems
    }
    const report = JSON.parse(out.slice(out.indexOf('{')));
    // The esm-only profile ignores CommonJS resolutions, but the JSON report still lists them.
    const ignored = esmOnly ? ['node10', 'node16-cjs'] : [];
    const problems = Object.values(report.problems as Record<string, { resolutionKind?: string }[]>)
      .flat()
      .filter((problem) => !ignored.includes(problem.resolutionKind ?? ''));
    expect(problems).toEqual([]);
  }, 60_000);
});
