import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Tests import the packages' sources, not their dist, so unit tests need no build.
const source = (name: string) => fileURLToPath(new URL(`./packages/${name}/src/index.ts`, import.meta.url));
const NODE_TESTS = ['packages/*/test/**/*.node.test.ts', 'test/node/**/*.test.ts'];

export default defineConfig({
  resolve: {
    alias: {
      '@svc-embed/protocol': source('protocol'),
      '@svc-embed/host': source('host'),
      '@svc-embed/frame': source('frame'),
      '@svc-embed/platform': source('platform'),
    },
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'happy-dom',
          include: ['packages/*/test/**/*.test.ts', 'test/unit/**/*.test.ts'],
          exclude: NODE_TESTS,
        },
      },
      {
        extends: true,
        test: { name: 'node', environment: 'node', include: NODE_TESTS, testTimeout: 20_000 },
      },
      {
        extends: true,
        test: {
          name: 'browser',
          environment: 'node',
          include: ['test/browser/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
