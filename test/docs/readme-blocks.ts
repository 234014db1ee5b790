// The README blocks that run, each by a name: its README, a line of the block that no other block of
// that README has (whole, trimmed; usually its first), and the test file that takes it from here
// with `runBlock(name)` and runs it. test/docs/snippets.test.ts requires every block of every README
// to be one of these, or to be listed there as checked only, with why.
import { codeBlocks, type CodeBlock } from './readme-files.js';

/** Where a block that runs is, and which test runs it. */
export interface BlockRun {
  file: string;
  /** A line of the block, whole and trimmed, that no other block of the file has. */
  key: string;
  /** The test file that runs it (it names the block). */
  by: string;
}

const BROWSER_APPS = 'test/browser/readme-apps.test.ts';
const DOCS_RUN = 'test/docs/snippets-run.test.ts';
const SERVER_RUN = 'test/docs/server-readme-run.test.ts';
const PLATFORM_RUN = 'test/docs/platform-readme-run.test.ts';

export const RUN_BLOCKS = {
  // The root README: the quick starts in the browser tier, the backend against the emulator.
  scriptQuickStart: { file: 'README.md', key: '<div id="analytics" style="height: 640px"></div>', by: 'test/browser/readme-quick-start.test.ts' },
  rootBackend: { file: 'README.md', key: "import express from 'express';", by: SERVER_RUN },
  spaQuickStart: { file: 'README.md', key: "import { createEmbed, createSessionLedger, type Embed } from '@svc-embed/host';", by: BROWSER_APPS },
  elementQuickStart: { file: 'README.md', key: '<script src="https://unpkg.com/@svc-embed/host/dist/iife/svc-embed-element.min.js"></script>', by: 'test/browser/readme-quick-start.test.ts' },
  reactQuickStart: { file: 'README.md', key: "import { SessionLedgerProvider, SvcEmbed, useSessionLedger } from '@svc-embed/react';", by: 'test/browser/readme-react.test.ts' },
  // Built by their frameworks' toolchains there, driven in three engines by test/browser/framework-quick-starts.test.ts.
  vueQuickStart: { file: 'README.md', key: "import { SvcEmbed, provideSessionLedger } from '@svc-embed/vue';", by: 'test/examples/quick-starts.ts' },
  svelteQuickStart: { file: 'README.md', key: 'let signedIn = $state(true);', by: 'test/examples/quick-starts.ts' },
  angularQuickStart: { file: 'README.md', key: 'export class AnalyticsComponent {', by: 'test/examples/quick-starts.ts' },

  emulatorCommand: { file: 'packages/emulator/README.md', key: 'npx svc-embed-emulator --host-origin http://127.0.0.1:4300', by: DOCS_RUN },
  emulatorCurl: { file: 'packages/emulator/README.md', key: 'curl -s -X POST http://localhost:4400/api/v1/embed/generate-session \\', by: DOCS_RUN },
  emulatorEmbed: { file: 'packages/emulator/README.md', key: "import { createEmbed } from '@svc-embed/host';", by: BROWSER_APPS },
  emulatorInCode: { file: 'packages/emulator/README.md', key: "import { createEmulator, createManualClock } from '@svc-embed/emulator';", by: DOCS_RUN },

  frameQuickStart: { file: 'packages/frame/README.md', key: "import { createFrame } from '@svc-embed/frame';", by: 'test/docs/frame-readme-run.test.ts' },
  frameScriptTag: { file: 'packages/frame/README.md', key: '<script src="https://cdn.example/@svc-embed/frame/dist/iife/svc-embed-frame.min.js"></script>', by: DOCS_RUN },

  hostEmbedState: { file: 'packages/host/README.md', key: "import { createEmbed, whenVisible, type EmbedState, type EmbedStateChange } from '@svc-embed/host';", by: BROWSER_APPS },
  hostOptIns: { file: 'packages/host/README.md', key: "import { createEmbed, recordTimings, whenVisible } from '@svc-embed/host';", by: BROWSER_APPS },
  hostSyncUrl: { file: 'packages/host/README.md', key: "import { createEmbed, syncUrl } from '@svc-embed/host';", by: BROWSER_APPS },
  // The header the strict-CSP host page is served with, in three engines.
  hostStrictCsp: {
    file: 'packages/host/README.md',
    key: "Content-Security-Policy: default-src 'self'; script-src 'self'; style-src 'self'; require-trusted-types-for 'script'; trusted-types 'none'; frame-src https://tenant.example",
    by: 'test/browser/strict-csp-server.ts',
  },
  hostElementInReact: { file: 'packages/host/README.md', key: 'export function Sales() {', by: BROWSER_APPS },
  hostRequiredCsp: { file: 'packages/host/README.md', key: "import { requiredCsp } from '@svc-embed/host';", by: DOCS_RUN },

  platformQuickStart: { file: 'packages/platform/README.md', key: "import { createPlatformClient } from '@svc-embed/platform';", by: DOCS_RUN },
  platformBulkMove: { file: 'packages/platform/README.md', key: 'const result = await client.bulkMove(42, { items, folderId: 11 });', by: PLATFORM_RUN },
  platformBulkMoveInBatches: { file: 'packages/platform/README.md', key: "import { BulkMoveInterruptedError } from '@svc-embed/platform';", by: PLATFORM_RUN },
  platformDeployments: { file: 'packages/platform/README.md', key: 'const page = await client.listDeployments({ offset: 0, limit: 20 });   // { deployments, pagination }', by: PLATFORM_RUN },
  platformMetadataToken: { file: 'packages/platform/README.md', key: "const { token, expires_at } = await client.issueMetadataToken(42, envId, { securityContext: { tenant: 'acme' } });", by: PLATFORM_RUN },
  platformStaging: { file: 'packages/platform/README.md', key: "await client.setStagingEnvironment(42, { enabled: true, branchName: 'analytics-shared' });", by: PLATFORM_RUN },
  platformVersions: { file: 'packages/platform/README.md', key: 'const versions = await client.listVersions(42);', by: PLATFORM_RUN },
  platformAuditLogs: { file: 'packages/platform/README.md', key: "await client.exportAuditLogs({ start: '2024-05-01', end: '2024-05-31', eventName: 'user.login', to: 'may-logins.csv' });", by: PLATFORM_RUN },
  platformExport: { file: 'packages/platform/README.md', key: 'const result = await client.exportDashboard(42, {', by: PLATFORM_RUN },
  platformSessionIds: { file: 'packages/platform/README.md', key: "app.post('/embed-session', async (req, res) => {", by: PLATFORM_RUN },

  protocolApi: { file: 'packages/protocol/README.md', key: '// Parsing never throws and never mutates its input.', by: DOCS_RUN },

  reactUseEmbed: { file: 'packages/react/README.md', key: "import { useEmbed } from '@svc-embed/react';", by: BROWSER_APPS },
  reactRouter: { file: 'packages/react/README.md', key: "import { useSearchParams } from 'react-router';", by: 'test/docs/react-router-run.test.tsx' },

  serverQuickStartCommands: { file: 'packages/server/README.md', key: 'npm install express @svc-embed/server @svc-embed/platform @svc-embed/emulator', by: SERVER_RUN },
  serverExpress: { file: 'packages/server/README.md', key: "import express from 'express';", by: SERVER_RUN },
  serverNext: { file: 'packages/server/README.md', key: 'export const POST = (request: Request) => endpoint.fetch(request);', by: SERVER_RUN },
  serverHono: { file: 'packages/server/README.md', key: "import { serve } from '@hono/node-server';", by: SERVER_RUN },
  serverRedisStore: { file: 'packages/server/README.md', key: "import { createClient } from 'redis';", by: SERVER_RUN },
  serverSweep: { file: 'packages/server/README.md', key: "import type { SessionEndpoint } from '@svc-embed/server';", by: SERVER_RUN },
  serverOperating: { file: 'packages/server/README.md', key: "import { metrics } from '@opentelemetry/api';", by: SERVER_RUN },
  serverMergeCsp: { file: 'packages/server/README.md', key: "import { mergeCsp } from '@svc-embed/server';", by: DOCS_RUN },
  serverRedisCluster: { file: 'packages/server/README.md', key: "import { createCluster } from 'redis';", by: SERVER_RUN },
  serverPostgresStore: { file: 'packages/server/README.md', key: "import pg from 'pg';", by: SERVER_RUN },

  testingHostPage: { file: 'packages/testing/README.md', key: "it('shows a toast when the viewer exports a CSV', async () => {", by: 'test/docs/testing-readme-run.test.ts' },
  testingSurface: { file: 'packages/testing/README.md', key: "it('applies the host filter, and ignores strangers', async () => {", by: 'test/docs/testing-readme-run.test.ts' },
  testingConfig: { file: 'packages/testing/README.md', key: "import { defineConfig } from 'vitest/config';", by: 'test/docs/testing-readme-run.test.ts' },
} as const satisfies Record<string, BlockRun>;

/** The name of a README block that runs. */
export type RunBlockName = keyof typeof RUN_BLOCKS;

/** Whether `block` has the line `key` (whole, trimmed). */
export const hasLine = (block: CodeBlock, key: string) => block.code.split('\n').some((line) => line.trim() === key);

/** The one block of `file` with the line `key`; fails when no block or more than one has it. */
export function blockWithLine(file: string, key: string): CodeBlock {
  const found = codeBlocks(file).filter((block) => hasLine(block, key));
  if (found.length !== 1) throw new Error(`${file}: ${found.length} blocks have the line "${key}" (one must)`);
  return found[0] as CodeBlock;
}

/** The README block `name`, as the test that runs it takes it. */
export const runBlock = (name: RunBlockName): CodeBlock => blockWithLine(RUN_BLOCKS[name].file, RUN_BLOCKS[name].key);
