// @ts-check
// Mutation testing (`npm run mutation`, not part of `npm test`): StrykerJS mutates the sources of
// the protocol, runtime, host and frame packages and runs the fast unit tier against each mutant
// (the `unit` vitest project narrowed to those packages' tests: vitest.mutation.config.ts).
// Reports: reports/mutation/mutation.{html,json}; scripts/mutation-summary.mjs then prints the
// score per package. Stryker works in a copy of the repository (.stryker-tmp/), never in place.

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  packageManager: 'npm',
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.mutation.config.ts' },
  coverageAnalysis: 'perTest',
  // Stryker rewrites the root tsconfig's `extends`/`references` for the sandbox with TypeScript's JS
  // API, which TypeScript 7 (native) no longer has. Every path in our tsconfigs stays inside the
  // repository, which the sandbox copies whole, so nothing needs rewriting: name no existing file.
  tsconfigFile: 'no-tsconfig-rewrite.json',
  mutate: [
    'packages/{protocol,runtime,host,frame}/src/**/*.ts',
    // Re-export files, declarations and the script-tag (IIFE) entries hold no logic to test. (One
    // pattern: Stryker warns about each pattern that excludes nothing, and there are no .d.ts now.)
    '!packages/*/src/**/{index,*.d,*-iife}.ts',
  ],
  // Not needed by the unit tests: keeps the sandbox copy small. `reports` also holds the pidfiles of
  // the test servers another run (a server part side by side) starts and stops: copying the folder
  // while one goes stops Stryker with ENOENT.
  ignorePatterns: ['dist', 'scratch', 'demo/.build', 'examples', 'bench', 'reports'],
  reporters: ['clear-text', 'html', 'json', process.stdout.isTTY ? 'progress' : 'progress-append-only'],
  clearTextReporter: { reportTests: false, reportMutants: true, reportScoreTable: true },
  htmlReporter: { fileName: 'reports/mutation/mutation.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  // A 2-core machine shared with other work: at most two test-runner processes.
  concurrency: 2,
  tempDirName: '.stryker-tmp',
  cleanTempDir: true,
};
