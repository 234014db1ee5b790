import { defineConfig } from 'vitest/config';
import base from './vitest.config';

// The config Stryker runs (`npm run mutation`, see stryker.config.mjs): the `unit` project of
// vitest.config.ts (happy-dom, same aliases to the packages' sources), narrowed to the tests of the
// four packages that are mutated (protocol, runtime, host, frame) and the two cross-package unit
// suites. The Stryker vitest runner has no option to pick a project, hence a config of its own.
type Project = { test?: { name?: string } & Record<string, unknown> };
const unit = (base.test?.projects as Project[] | undefined)?.find((project) => project.test?.name === 'unit');
if (!unit?.test) throw new Error('vitest.config.ts has no project named "unit"');

export default defineConfig({
  esbuild: base.esbuild,
  resolve: base.resolve,
  test: {
    ...unit.test,
    include: [
      'packages/{protocol,runtime,host,frame}/test/**/*.test.ts',
      'test/unit/host-frame.test.ts',
      'test/unit/renewal-model.test.ts',
    ],
    exclude: ['**/node_modules/**', '**/*.node.test.ts'],
  },
});
