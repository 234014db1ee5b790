import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { ForbiddenError, InvalidArgumentError, NetworkError, UnauthorizedError } from '../src/index.js';
import { parseCsv } from './csv.js';
import { KEYS, rawClient, rejectionOf, startEmulator, startRawServer } from './helpers.js';

const tempDir = () => mkdtemp(join(tmpdir(), 'svc-embed-audit-'));

/** A writable that keeps the text and the size of every chunk it was given. */
function collector() {
  const chunks: number[] = [];
  let text = '';
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk.length);
      text += chunk.toString('utf8');
      done();
    },
  });
  return { stream, chunks, text: () => text };
}

describe('audit-log export (§4.8)', () => {
  it('streams every event to a file as RFC 4180 CSV', async () => {
    const { client, state } = await startEmulator();
    const dir = await tempDir();
    const file = join(dir, 'audit.csv');
    const { bytes } = await client().exportAuditLogs({ to: file });
    const text = await readFile(file, 'utf8');
    expect(Buffer.byteLength(text)).toBe(bytes);
    const rows = parseCsv(text);
    expect(rows[0]).toEqual(['id', 'timestamp', 'eventName', 'userEmail', 'data']);
    expect(rows.slice(1).map((row) => row[0])).toEqual(state.auditEvents.map((event) => event.id));
    const published = rows.find((row) => row[2] === 'workbook.published');
    expect(JSON.parse(published?.[4] ?? '')).toMatchObject({ note: 'quarterly "refresh", v2' });
    expect(await readdir(dir)).toEqual(['audit.csv']);
  });

  it.each([
    ['eventName', { eventName: 'user.login' }, (e: Event) => e.eventName === 'user.login'],
    ['userEmail, case-insensitive', { userEmail: 'ANALYST@acme.example' }, (e: Event) => e.userEmail === 'analyst@acme.example'],
    ['search across event data', { search: 'SSO' }, (e: Event) => JSON.stringify(e.data).toLowerCase().includes('sso')],
    ['start and end days, inclusive', { start: '2026-01-01', end: '2026-01-05' }, (e: Event) => e.at >= Date.UTC(2026, 0, 1) && e.at < Date.UTC(2026, 0, 6)],
    ['every filter at once', { eventName: 'user.login', userEmail: 'owner@acme.example', start: new Date(Date.UTC(2025, 11, 20)) }, (e: Event) => e.eventName === 'user.login' && e.userEmail === 'owner@acme.example' && e.at >= Date.UTC(2025, 11, 20)],
  ])('filters by %s', async (_, filters, keep) => {
    const { client, state } = await startEmulator();
    const out = collector();
    await client().exportAuditLogs({ ...filters, to: out.stream });
    const ids = parseCsv(out.text()).slice(1).map((row) => row[0]);
    const expected = state.auditEvents.filter(keep).map((event) => event.id);
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThan(state.auditEvents.length);
    expect(ids).toEqual(expected);
  });

  it('includes events recorded by platform operations', async () => {
    const { client } = await startEmulator();
    await client().changeVersion(42, { releaseChannel: 'regular' });
    const out = collector();
    await client().exportAuditLogs({ eventName: 'deployment.version.changed', to: out.stream });
    const rows = parseCsv(out.text()).slice(1);
    expect(rows).toHaveLength(1);
    expect(JSON.parse(rows[0]?.[4] ?? '')).toEqual({ deploymentId: 42, from: '1.2.3', to: '1.3.1' });
  });

  it('needs AuditLogManage (403 for the analyst, 200 for a non-admin auditor) and the plan feature', async () => {
    const { client, state } = await startEmulator();
    const dir = await tempDir();
    const denied = await rejectionOf(client(KEYS.analyst).exportAuditLogs({ to: join(dir, 'denied.csv') }));
    expect(denied).toBeInstanceOf(ForbiddenError);
    expect(denied.serverMessage).toMatch(/AuditLogManage/);
    expect(await readdir(dir)).toEqual([]);
    expect((await client(KEYS.auditor).exportAuditLogs({ to: collector().stream })).bytes).toBeGreaterThan(0);
    state.settings.auditLogFeature = false;
    const noFeature = await rejectionOf(client().exportAuditLogs({ to: collector().stream }));
    expect(noFeature).toBeInstanceOf(ForbiddenError);
    expect(noFeature.serverMessage).toMatch(/plan/);
    expect(await rejectionOf(client(KEYS.expired).exportAuditLogs({ to: collector().stream }))).toBeInstanceOf(UnauthorizedError);
  });

  it.each([
    ['a date-time for start', { start: '2026-01-01T00:00:00Z' }],
    ['an impossible date', { end: '2026-02-30' }],
    ['end before start', { start: '2026-01-05', end: '2026-01-01' }],
    ['an empty search', { search: '' }],
  ])('rejects %s before sending', async (_, filters) => {
    const { client, sent } = await startEmulator();
    expect(await rejectionOf(client().exportAuditLogs({ ...filters, to: collector().stream }))).toBeInstanceOf(InvalidArgumentError);
    expect(sent).toEqual([]);
  });

  it('the server answers 400 for a bad date', async () => {
    const { raw } = await startEmulator();
    const response = await raw('/api/v1/audit-logs/export?start=yesterday');
    expect(response.status).toBe(400);
    expect((await response.json()).error).toMatch(/ISO 8601 date/);
  });

  it('a large export arrives in many bounded chunks, never as one buffered body', async () => {
    const { client, state } = await startEmulator();
    for (let index = 0; index < 60_000; index += 1)
      state.recordAudit('dashboard.viewed', 'owner@acme.example', { dashboard: 'sales-overview', viewer: `viewer-${index}`, padding: 'x'.repeat(120) });
    let received = 0;
    const chunks: number[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk.length);
        received += chunk.length;
        done();
      },
    });
    const progress: number[] = [];
    const { bytes } = await client().exportAuditLogs({ to: sink, onBytes: (count) => progress.push(count) });
    expect(bytes).toBe(received);
    expect(bytes).toBeGreaterThan(12_000_000);
    expect(chunks.length).toBeGreaterThan(100);
    expect(Math.max(...chunks)).toBeLessThan(1_000_000);
    expect(progress.at(-1)).toBe(bytes);
  });

  it('openAuditLogCsv hands over the unread body as a web stream', async () => {
    const { client } = await startEmulator();
    const stream = await client().openAuditLogCsv({ eventName: 'api_key.created' });
    const text = await new Response(stream).text();
    expect(parseCsv(text).slice(1).every((row) => row[2] === 'api_key.created')).toBe(true);
  });

  it('a body cut off mid-way is a NetworkError and leaves no file behind', async () => {
    const server = await startRawServer((_, res) => {
      res.writeHead(200, { 'Content-Type': 'text/csv' });
      res.write('id,timestamp,eventName,userEmail,data\r\n'.repeat(2000), () => res.destroy());
    });
    const dir = await tempDir();
    const { client } = rawClient(server.url);
    const error = await rejectionOf(client.exportAuditLogs({ to: join(dir, 'cut.csv') }));
    expect(error).toBeInstanceOf(NetworkError);
    expect(error.message).toMatch(/cut off after \d+ bytes/);
    expect(await readdir(dir)).toEqual([]);
  });
});

type Event = { id: string; at: number; eventName: string; userEmail: string; data: Record<string, unknown> };
