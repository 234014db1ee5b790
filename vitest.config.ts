import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Tests import the packages' sources, not their dist, so unit tests need no build.
const source = (name: string) => fileURLToPath(new URL(`./packages/${name}/src/index.ts`, import.meta.url));
const NODE_TESTS = ['packages/*/test/**/*.node.test.{ts,tsx}', 'test/node/**/*.test.ts'];
// Test servers (redis-server) run as children of the test's process; one a run killed with SIGKILL
// left is stopped by its pidfile before the next run starts any (bench/child-servers.mjs).
const STOP_STALE_SERVERS = 'test/support/global-setup.ts';

export default defineConfig({
  // JSX in .tsx tests and sources compiles to the automatic runtime (react/jsx-runtime), as the React package's build does.
  esbuild: { jsx: 'automatic' },
  resolve: {
    alias: {
      // A subpath before its package (aliases match by prefix).
      '@svc-embed/protocol/session-endpoint': fileURLToPath(new URL('./packages/protocol/src/session-endpoint.ts', import.meta.url)),
      '@svc-embed/protocol': source('protocol'),
      '@svc-embed/runtime': source('runtime'),
      '@svc-embed/host': source('host'),
      '@svc-embed/frame': source('frame'),
      '@svc-embed/platform': source('platform'),
      '@svc-embed/server': source('server'),
      '@svc-embed/react': source('react'),
      '@svc-embed/vue': source('vue'),
      '@svc-embed/testing': source('testing'),
    },
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'happy-dom',
          include: ['packages/*/test/**/*.test.{ts,tsx}', 'test/unit/**/*.test.ts'],
          exclude: NODE_TESTS,
        },
      },
      {
        extends: true,
        test: { name: 'node', environment: 'node', include: NODE_TESTS, testTimeout: 20_000, globalSetup: [STOP_STALE_SERVERS] },
      },
      // The README files: nothing written twice, links that land, every code block exercised.
      {
        extends: true,
        test: { name: 'docs', environment: 'node', include: ['test/docs/**/*.test.{ts,tsx}'], testTimeout: 120_000, globalSetup: [STOP_STALE_SERVERS] },
      },
      // The framework example apps, each with its own toolchain and TypeScript 5.9: installed,
      // type-checked, built (for the browser suites) and their type tests, one app at a time.
      {
        extends: true,
        test: { name: 'examples', environment: 'node', include: ['test/examples/**/*.test.ts'], testTimeout: 300_000, fileParallelism: false },
      },
      // The real-browser suites, once per engine: the same files, SVC_ENGINE picks the driver
      // (test/browser/driver). The leak test and keep-alive's memory read heap figures over CDP: Chromium only.
      ...(['chromium', 'firefox', 'webkit'] as const).map((engine) => ({
        extends: true as const,
        test: {
          name: `browser-${engine}`,
          environment: 'node' as const,
          include: ['test/browser/**/*.test.ts'],
          exclude: engine === 'chromium' ? [] : ['test/browser/leaks.test.ts', 'test/browser/keep-alive-memory.test.ts'],
          env: { SVC_ENGINE: engine },
          testTimeout: 60_000,
          hookTimeout: 60_000,
          fileParallelism: false,
        },
      })),
    ],
  },
});
