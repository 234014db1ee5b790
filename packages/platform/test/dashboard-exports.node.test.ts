import { mkdtemp, readFile, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PNG_COLORS, PNG_LAYOUT } from '@svc-embed/emulator/platform';
import {
  BadRequestError,
  ExportExpiredError,
  ExportFailedError,
  ForbiddenError,
  HttpStatusError,
  InvalidArgumentError,
  NotFoundError,
  RateLimitedError,
  type ExportProgress,
} from '../src/index.js';
import { bufferSink, orderCount, pdfBars, revenueByRegion } from './exports-fixtures.js';
import { KEYS, START, rejectionOf, startEmulator } from './helpers.js';
import { parsePdf } from './pdf-parse.js';
import { decodePng, firstBarChart } from './png-decode.js';

const FIVE_MINUTES = 5 * 60_000;
const exportsPath = '/api/v1/deployments/42/dashboard-exports';

describe('dashboard export in one call (§4.8a)', () => {
  it('submits, polls with backoff and downloads a real PNG of the dashboard data', async () => {
    const { client, sleeps, sent } = await startEmulator();
    const dir = await mkdtemp(join(tmpdir(), 'svc-embed-export-'));
    const progress: ExportProgress[] = [];
    const result = await client().exportDashboard(42, {
      dashboardPublicId: 'sales-overview',
      format: 'png',
      to: join(dir, 'sales.png'),
      onProgress: (event) => progress.push(event),
    });
    expect(result).toMatchObject({ contentType: 'image/png', expiresAt: START + FIVE_MINUTES, jobId: expect.stringMatching(/^exp_/) });
    // Render takes 2 s on the emulator clock: queued, rendering after 500 ms, rendering at 1.5 s, done at 3.5 s.
    expect(sleeps).toEqual([500, 1000, 2000]);
    expect(progress.filter((event) => event.phase === 'polled').map((event) => (event.phase === 'polled' ? event.status.status : ''))).toEqual([
      'queued',
      'rendering',
      'rendering',
      'completed',
    ]);
    expect(progress.at(-1)).toEqual({ phase: 'downloading', jobId: result.jobId, bytes: result.bytes, totalBytes: result.bytes });
    expect(sent.map((request) => request.method + ' ' + request.path.replace(result.jobId, ':job'))).toEqual([
      `POST ${exportsPath}`,
      ...Array(4).fill(`GET ${exportsPath}/:job`),
      `GET ${exportsPath}/:job/download`,
    ]);

    const file = await readFile(join(dir, 'sales.png'));
    expect(file.length).toBe(result.bytes);
    const png = decodePng(file);
    expect(png.chunks).toEqual(['IHDR', 'tEXt', 'tEXt', 'tEXt', 'IDAT', 'IEND']);
    expect(png.width).toBe(PNG_LAYOUT.width);
    expect(png.text.Title).toBe('Sales overview');
    const expected = revenueByRegion(START);
    const max = expected[0]?.[1] ?? 1;
    expect(firstBarChart(png, PNG_COLORS.bar)).toEqual(expected.map(([, value]) => Math.max(1, Math.round((value / max) * PNG_LAYOUT.barMax))));
  });

  it('exports a PDF by dashboardId whose text holds the figures', async () => {
    const { client } = await startEmulator();
    const sink = bufferSink();
    const result = await client().exportDashboard(42, { dashboardId: 501, format: 'pdf', to: sink.stream });
    expect(result.contentType).toBe('application/pdf');
    const pdf = parsePdf(sink.buffer());
    expect(pdf.version).toBe('1.4');
    expect(pdf.pageCount).toBeGreaterThanOrEqual(1);
    expect(pdf.strings[0]).toBe('Sales overview');
    expect(pdf.strings).toContain(`Orders: ${orderCount(START)}`);
    expect(pdfBars(pdf.strings, 'Revenue by region')).toEqual(revenueByRegion(START));
  });

  it('fails with ExportFailedError when rendering fails; the file cannot be downloaded', async () => {
    const { client } = await startEmulator();
    const error = await rejectionOf(client().exportDashboard(42, { dashboardPublicId: 'legacy-kpis', format: 'png', to: bufferSink().stream }));
    expect(error).toBeInstanceOf(ExportFailedError);
    expect(error.code).toBe('export-failed');
    expect(error.reason).toMatch(/dataset legacy-orders does not exist/);
    const download = await rejectionOf(client().downloadDashboardExport(42, error.jobId, { to: bufferSink().stream }));
    expect(download).toBeInstanceOf(HttpStatusError);
    expect(download.status).toBe(409);
  });

  it('gives up at expiresAt when rendering takes longer, without polling at or after it', async () => {
    const { client, state, sent, clock } = await startEmulator();
    state.settings.exportRenderMs = 6 * 60_000;
    const error = await rejectionOf(client().exportDashboard(42, { dashboardPublicId: 'support-ops', format: 'pdf', to: bufferSink().stream }));
    expect(error).toBeInstanceOf(ExportExpiredError);
    expect(error.expiresAt).toBe(START + FIVE_MINUTES);
    expect(clock.now()).toBe(START + FIVE_MINUTES);
    const polls = sent.filter((request) => request.method === 'GET');
    expect(polls.length).toBeGreaterThan(3);
    expect(polls.every((request) => request.at < START + FIVE_MINUTES)).toBe(true);
    expect(sent.some((request) => request.path.endsWith('/download'))).toBe(false);
  });

  it('on 429 waits as Retry-After asks and resubmits', async () => {
    const { client, state, sleeps, raw } = await startEmulator();
    state.settings.exportConcurrency = 1;
    state.settings.exportRenderMs = 3000;
    await client().submitDashboardExport(42, { dashboardPublicId: 'support-ops', format: 'png' });
    const busy = await raw(exportsPath, { method: 'POST', json: { dashboardPublicId: 'sales-overview', format: 'pdf' } });
    expect(busy.status).toBe(429);
    expect(busy.headers.get('retry-after')).toBe('3');
    expect((await busy.json()).error).toMatch(/already rendering/);

    const progress: ExportProgress[] = [];
    const result = await client().exportDashboard(42, { dashboardPublicId: 'sales-overview', format: 'pdf', to: bufferSink().stream, onProgress: (event) => progress.push(event) });
    expect(progress[0]).toEqual({ phase: 'rate-limited', attempt: 1, waitMs: 3000 });
    expect(progress[1]).toMatchObject({ phase: 'submitted', expiresAt: START + 3000 + FIVE_MINUTES });
    expect(sleeps[0]).toBe(3000);
    expect(result.bytes).toBeGreaterThan(1000);
  });

  it('gives up after maxRateLimitRetries with the RateLimitedError', async () => {
    const { client, state, sleeps } = await startEmulator();
    state.settings.exportConcurrency = 1;
    await client().submitDashboardExport(42, { dashboardPublicId: 'support-ops', format: 'png' });
    const error = await rejectionOf(client().exportDashboard(42, { dashboardPublicId: 'support-ops', format: 'png', to: bufferSink().stream, maxRateLimitRetries: 0 }));
    expect(error).toBeInstanceOf(RateLimitedError);
    expect(error.retryAfterMs).toBe(2000);
    expect(sleeps).toEqual([]);
  });
});

describe('export jobs: rules of the emulator', () => {
  it('concurrency is counted per rendered-as identity', async () => {
    const { client, state, clock } = await startEmulator();
    state.settings.exportConcurrency = 2;
    const submit = (renderAs?: object) => client().submitDashboardExport(42, { dashboardPublicId: 'support-ops', format: 'png', ...(renderAs ? { renderAs } : {}) } as never);
    await submit();
    await submit();
    expect(await rejectionOf(submit())).toBeInstanceOf(RateLimitedError);
    const ada = { kind: 'embed', externalId: 'ada', embedTenantName: 'acme-eu' };
    await submit(ada);
    await submit(ada);
    expect(await rejectionOf(submit(ada))).toBeInstanceOf(RateLimitedError);
    await submit({ kind: 'console', email: 'analyst@acme.example' });
    clock.advance(2000);
    await submit();
  });

  it('a job is gone 5 minutes after submission, file and all', async () => {
    const { client, clock, state } = await startEmulator();
    state.settings.exportRenderMs = 0;
    const job = await client().submitDashboardExport(42, { dashboardPublicId: 'support-ops', format: 'png' });
    expect(job.expiresAt).toBe(new Date(START + FIVE_MINUTES).toISOString());
    clock.advance(FIVE_MINUTES - 1);
    expect((await client().getDashboardExport(42, job.jobId)).status).toBe('completed');
    expect((await client().downloadDashboardExport(42, job.jobId, { to: bufferSink().stream })).bytes).toBeGreaterThan(0);
    clock.advance(1);
    expect(await rejectionOf(client().getDashboardExport(42, job.jobId))).toBeInstanceOf(NotFoundError);
    expect(await rejectionOf(client().downloadDashboardExport(42, job.jobId, { to: bufferSink().stream }))).toBeInstanceOf(NotFoundError);
    expect(state.exportJobs.size).toBe(0);
    const waited = await rejectionOf(client().waitForDashboardExport(42, { ...job, expiresAt: START + 2 * FIVE_MINUTES }));
    expect(waited).toBeInstanceOf(ExportExpiredError);
  });

  it('only the submitting identity may poll or download', async () => {
    const { client, state } = await startEmulator();
    state.settings.exportRenderMs = 0;
    const job = await client(KEYS.analyst).submitDashboardExport(42, { dashboardPublicId: 'support-ops', format: 'pdf' });
    expect((await client(KEYS.analyst).getDashboardExport(42, job.jobId)).status).toBe('completed');
    expect(await rejectionOf(client().getDashboardExport(42, job.jobId))).toBeInstanceOf(ForbiddenError);
    expect(await rejectionOf(client().downloadDashboardExport(42, job.jobId, { to: bufferSink().stream }))).toBeInstanceOf(ForbiddenError);
    expect(await rejectionOf(client(KEYS.scoped).getDashboardExport(42, job.jobId))).toBeInstanceOf(ForbiddenError);
  });

  it('download before completion is 409; a job of another deployment is 404', async () => {
    const { client } = await startEmulator();
    const job = await client().submitDashboardExport(42, { dashboardPublicId: 'support-ops', format: 'pdf' });
    const early = await rejectionOf(client().downloadDashboardExport(42, job.jobId, { to: bufferSink().stream }));
    expect(early.status).toBe(409);
    expect(early.serverMessage).toMatch(/poll until its status is completed/);
    expect(await rejectionOf(client().getDashboardExport(7, job.jobId))).toBeInstanceOf(NotFoundError);
  });

  it.each([
    ['a dashboard not in the deployment', KEYS.owner, { dashboardPublicId: 'nope' }, NotFoundError, /does not exist/],
    ['a draft never published', KEYS.owner, { dashboardPublicId: 'forecast-draft' }, BadRequestError, /never been published/],
    ['no manage access (edit only)', KEYS.analyst, { dashboardPublicId: 'sales-overview' }, ForbiddenError, /manage access/],
    ['renderAs by a non-administrator', KEYS.analyst, { dashboardPublicId: 'support-ops', renderAs: { kind: 'embed', externalId: 'x' } }, ForbiddenError, /administrator/],
    ['a deactivated console subject', KEYS.owner, { dashboardId: 501, renderAs: { kind: 'console', email: 'former@acme.example' } }, NotFoundError, /deactivated/],
    ['an unknown console subject', KEYS.owner, { dashboardId: 501, renderAs: { kind: 'console', email: 'nobody@acme.example' } }, NotFoundError, /does not exist/],
    ['an embed tenant without the workbook shared', KEYS.owner, { dashboardId: 501, renderAs: { kind: 'embed', externalId: 'x', embedTenantName: 'acme-us' } }, ForbiddenError, /not shared/],
    ['an unknown embed tenant', KEYS.owner, { dashboardId: 501, renderAs: { kind: 'embed', externalId: 'x', embedTenantName: 'acme-xx' } }, NotFoundError, /tenant/],
    ['a key scoped to another deployment', KEYS.scoped, { dashboardId: 501 }, ForbiddenError, /not authorized for deployment 42/],
  ])('refuses %s', async (_, key, target, type, message) => {
    const { client, state } = await startEmulator();
    const error = await rejectionOf(client(key).submitDashboardExport(42, { format: 'png', ...target } as never));
    expect(error).toBeInstanceOf(type);
    expect(error.serverMessage).toMatch(message);
    expect(state.exportJobs.size).toBe(0);
    expect(state.embedUsers.size).toBe(0);
  });

  it('403 when the account or the dashboard restricts data downloads, renderAs included', async () => {
    const { client, state } = await startEmulator();
    state.settings.restrictDataDownload = true;
    expect(await rejectionOf(client().submitDashboardExport(42, { dashboardId: 502, format: 'png', renderAs: { kind: 'embed', externalId: 'x' } }))).toBeInstanceOf(ForbiddenError);
    state.settings.restrictDataDownload = false;
    const dashboard = state.dashboards.find((candidate) => candidate.id === 502);
    if (dashboard) dashboard.restrictDataDownload = true;
    expect(await rejectionOf(client().submitDashboardExport(42, { dashboardId: 502, format: 'pdf' }))).toBeInstanceOf(ForbiddenError);
  });

  it.each([
    ['both ids', { dashboardId: 501, dashboardPublicId: 'sales-overview', format: 'png' }],
    ['neither id', { format: 'png' }],
    ['an unknown format', { dashboardId: 501, format: 'svg' }],
  ])('checks %s before sending, and the server answers 400', async (_, body) => {
    const { client, raw, sent } = await startEmulator();
    expect(await rejectionOf(client().submitDashboardExport(42, body as never))).toBeInstanceOf(InvalidArgumentError);
    expect(sent).toEqual([]);
    expect((await raw(exportsPath, { method: 'POST', json: body })).status).toBe(400);
  });
});

describe('renderAs: row-level security of one render, never stored', () => {
  it('an embed subject is created by the call, its attributes shape only that render', async () => {
    const { client, state } = await startEmulator();
    state.settings.exportRenderMs = 0;
    const renderAs = { kind: 'embed' as const, externalId: ' Ada@Example.com ', embedTenantName: 'acme-eu', groups: ['emea-sales'], securityContext: { region: 'emea' }, userAttributes: [{ name: 'tier', value: 'gold' }] };
    const sink = bufferSink();
    await client().exportDashboard(42, { dashboardPublicId: 'sales-overview', format: 'pdf', renderAs, to: sink.stream });
    const filtered = parsePdf(sink.buffer()).strings;
    expect(pdfBars(filtered, 'Revenue by region')).toEqual(revenueByRegion(START, 'emea'));
    expect(filtered).toContain(`Orders: ${orderCount(START, 'emea')}`);
    expect([...state.embedUsers.values()]).toEqual([{ externalId: 'ada@example.com', embedTenantName: 'acme-eu', createdAt: START }]);

    const again = bufferSink();
    await client().exportDashboard(42, { dashboardPublicId: 'sales-overview', format: 'pdf', renderAs: { kind: 'embed', externalId: 'ada@example.com', embedTenantName: 'acme-eu' }, to: again.stream });
    expect(pdfBars(parsePdf(again.buffer()).strings, 'Revenue by region')).toEqual(revenueByRegion(START));
    expect(state.embedUsers.size).toBe(1);
  });

  it("a console user renders with their stored attributes; the caller's own export with the caller's", async () => {
    const { client, state } = await startEmulator();
    state.settings.exportRenderMs = 0;
    const asAnalyst = bufferSink();
    await client().exportDashboard(42, { dashboardId: 501, format: 'pdf', renderAs: { kind: 'console', email: 'analyst@acme.example' }, to: asAnalyst.stream });
    expect(pdfBars(parsePdf(asAnalyst.buffer()).strings, 'Revenue by region')).toEqual(revenueByRegion(START, 'amer'));
    const analystOwn = bufferSink();
    await client(KEYS.analyst).exportDashboard(42, { dashboardId: 502, format: 'pdf', to: analystOwn.stream });
    expect(parsePdf(analystOwn.buffer()).strings).toContain('Support operations');
    expect(state.users.find((user) => user.email === 'analyst@acme.example')?.attributes).toEqual({ region: 'amer' });
  });

  it('the client checks renderAs before sending', async () => {
    const { client, sent } = await startEmulator();
    for (const renderAs of [{ kind: 'robot' }, { kind: 'embed' }, { kind: 'embed', externalId: 'x', embedTenantName: 'AB' }, { kind: 'console', email: 'a@b.c', groups: 'admins' }])
      expect(await rejectionOf(client().submitDashboardExport(42, { dashboardId: 501, format: 'png', renderAs } as never))).toBeInstanceOf(InvalidArgumentError);
    expect(sent).toEqual([]);
  });
});

describe('writing the file', () => {
  it('a failed export leaves no file under the name', async () => {
    const { client } = await startEmulator();
    const dir = await mkdtemp(join(tmpdir(), 'svc-embed-export-'));
    await rejectionOf(client().exportDashboard(42, { dashboardPublicId: 'legacy-kpis', format: 'pdf', to: join(dir, 'legacy.pdf') }));
    expect(await readdir(dir)).toEqual([]);
  });
});
