import { describe, expect, it } from 'vitest';
import { BadRequestError, InvalidArgumentError, NotFoundError } from '../src/index.js';
import { KEYS, START, rejectionOf, startEmulator } from './helpers.js';

const jwtClaims = (token: string) => JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'));

describe('list deployments (§4.2) and pagination', () => {
  it('defaults to offset 0 and limit 20 when the query names neither', async () => {
    const { raw } = await startEmulator();
    const body = await (await raw('/api/v1/deployments')).json();
    expect(body.pagination).toEqual({ offset: 0, limit: 20, total: 25 });
    expect(body.data.deployments).toHaveLength(20);
    expect(body.data.deployments[0]).toEqual({ id: '42', name: 'Production analytics', created_at: expect.stringMatching(/Z$/) });
  });

  it('a page, then every deployment through the async iterator (and its pages)', async () => {
    const { client, sent } = await startEmulator();
    const page = await client().listDeployments({ offset: 20 });
    expect(page.deployments.map((d) => d.id)).toEqual(['118', '119', '120', '121', '122']);
    sent.length = 0;
    const ids: string[] = [];
    for await (const deployment of client().deployments({ limit: 7 })) ids.push(deployment.id);
    expect(ids).toHaveLength(25);
    expect(new Set(ids).size).toBe(25);
    expect(sent.map((request) => request.path)).toEqual([
      '/api/v1/deployments?limit=7',
      '/api/v1/deployments?offset=7&limit=7',
      '/api/v1/deployments?offset=14&limit=7',
      '/api/v1/deployments?offset=21&limit=7',
    ]);
    const sizes: number[] = [];
    for await (const part of client().deployments({ limit: 10, offset: 3 }).pages()) sizes.push(part.deployments.length);
    expect(sizes).toEqual([10, 10, 2]);
  });

  it('stops iterating at an empty page even when total claims more', async () => {
    const { client } = await startEmulator();
    expect(await client().deployments({ offset: 30 }).toArray()).toEqual([]);
  });

  it('a scoped key lists only its deployments', async () => {
    const { client } = await startEmulator();
    expect((await client(KEYS.scoped).deployments().toArray()).map((d) => d.id)).toEqual(['7']);
  });

  it('rejects a negative offset or a zero limit before sending; the server says 400 too', async () => {
    const { client, raw, sent } = await startEmulator();
    expect(await rejectionOf(client().listDeployments({ offset: -1 }))).toBeInstanceOf(InvalidArgumentError);
    expect(() => client().deployments({ limit: 0 })).toThrow(InvalidArgumentError);
    expect(sent).toEqual([]);
    expect((await raw('/api/v1/deployments?limit=0')).status).toBe(400);
  });
});

describe('environments (§4.3) and branch staging environments (§4.5)', () => {
  it('lists environments with their type and filters by type', async () => {
    const { client } = await startEmulator();
    const all = await client().environments(42).toArray();
    expect(all.map((environment) => [environment.id, environment.type])).toEqual([
      ['42-production', 'production'],
      ['42-dev-dev-ada', 'development'],
    ]);
    expect((await client().listEnvironments('42', { type: 'production' })).environments).toHaveLength(1);
    expect((await client().listEnvironments(42, { type: 'staging' })).environments).toEqual([]);
  });

  it('enables a shared branch by name: it is returned and listed as a staging environment; disabling by id removes it', async () => {
    const { client } = await startEmulator();
    const enabled = await client().setStagingEnvironment(42, { enabled: true, branchName: 'analytics-shared' });
    expect(enabled).toEqual({ id: 2, name: 'analytics-shared', parentBranch: 'main', lastHash: expect.any(String), isStagingEnvironmentEnabled: true });
    const staging = (await client().listEnvironments(42, { type: 'staging' })).environments;
    expect(staging.map((environment) => environment.name)).toEqual(['Staging (analytics-shared)']);
    const disabled = await client().setStagingEnvironment(42, { enabled: false, branchId: 2 });
    expect(disabled.isStagingEnvironmentEnabled).toBe(false);
    expect((await client().listEnvironments(42, { type: 'staging' })).environments).toEqual([]);
  });

  it.each([
    ['the production branch', 'main', /production branch/],
    ['a personal branch', 'dev-ada', /personal development branch/],
  ])('rejects %s with 400', async (_, branchName, message) => {
    const { client } = await startEmulator();
    const error = await rejectionOf(client().setStagingEnvironment(42, { enabled: true, branchName }));
    expect(error).toBeInstanceOf(BadRequestError);
    expect(error.serverMessage).toMatch(message);
  });

  it('404 for an unknown branch', async () => {
    const { client } = await startEmulator();
    expect(await rejectionOf(client().setStagingEnvironment(42, { enabled: true, branchId: 99 }))).toBeInstanceOf(NotFoundError);
  });

  it.each([
    ['both branchName and branchId', { enabled: true, branchName: 'analytics-shared', branchId: 2 }],
    ['neither', { enabled: true }],
    ['enabled missing', { branchId: 2 }],
    ['enabled as a string', { enabled: 'true', branchId: 2 }],
  ])('checks %s before sending; the server answers 400 as well', async (_, input) => {
    const { client, raw, sent } = await startEmulator();
    expect(await rejectionOf(client().setStagingEnvironment(42, input as never))).toBeInstanceOf(InvalidArgumentError);
    expect(sent).toEqual([]);
    const response = await raw('/build/api/v1/deployments/42/branches/staging-environment', { method: 'PUT', json: input });
    expect(response.status).toBe(400);
  });
});

describe('metadata tokens (§4.4)', () => {
  it('issues a JWT carrying the security context, valid 86400 s by default', async () => {
    const { client } = await startEmulator();
    const token = await client().issueMetadataToken(42, '42-production', { securityContext: { tenant: 'acme' } });
    expect(token.created_at).toBe(new Date(START).toISOString());
    expect(Date.parse(token.expires_at) - Date.parse(token.created_at)).toBe(86_400_000);
    expect(jwtClaims(token.token)).toMatchObject({ scope: 'meta', security_context: { tenant: 'acme' }, exp: START / 1000 + 86_400 });
  });

  it('honours expires_in', async () => {
    const { client } = await startEmulator();
    const token = await client().issueMetadataToken(42, '42-production', { securityContext: {}, expiresIn: 600 });
    expect(Date.parse(token.expires_at) - Date.parse(token.created_at)).toBe(600_000);
  });

  it('requires security_context (client check, and 400 from the server); 404 for an unknown environment', async () => {
    const { client, raw } = await startEmulator();
    expect(await rejectionOf(client().issueMetadataToken(42, '42-production', {} as never))).toBeInstanceOf(InvalidArgumentError);
    expect(await rejectionOf(client().issueMetadataToken(42, '42-production', { securityContext: {}, expiresIn: -5 }))).toBeInstanceOf(InvalidArgumentError);
    const response = await raw('/api/v1/deployments/42/environments/42-production/tokens-for-meta-sync', { method: 'POST', json: { expires_in: 60 } });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: 'security_context is required: a JSON object' });
    expect(await rejectionOf(client().issueMetadataToken(42, 'nope', { securityContext: {} }))).toBeInstanceOf(NotFoundError);
  });
});

describe('versions (§4.6, §4.7)', () => {
  it('lists channel heads and older versions with exactly one current', async () => {
    const { client } = await startEmulator();
    const versions = await client().listVersions(42);
    expect(versions.map((v) => [v.version, v.releaseChannel, v.isLatestInChannel, v.isCurrent])).toEqual([
      ['1.1.4', 'stable', false, false],
      ['1.2.3', 'stable', true, true],
      ['1.3.0', 'regular', false, false],
      ['1.3.1', 'regular', true, false],
    ]);
    expect(versions[0]?.releaseChannelVersion).toBe('registry.svc.example/svc/runtime:v1.1.4');
  });

  it.each([
    ['<version>', '1.3.0', '1.3.0'],
    ['v<version>', 'v1.1.4', '1.1.4'],
    ['<image_repo>:v<version>', 'registry.svc.example/svc/runtime:v1.3.1', '1.3.1'],
  ])('changes to a listed version written as %s', async (_, releaseChannelVersion, expected) => {
    const { client } = await startEmulator();
    const current = await client().changeVersion(42, { releaseChannelVersion });
    expect(current.version).toBe(expected);
    expect((await client().listVersions(42)).filter((v) => v.isCurrent).map((v) => v.version)).toEqual([expected]);
  });

  it("moves to a channel's latest when only releaseChannel is sent", async () => {
    const { client } = await startEmulator();
    expect((await client().changeVersion(42, { releaseChannel: 'regular' })).version).toBe('1.3.1');
    expect((await client().changeVersion(42, { releaseChannel: 'stable' })).version).toBe('1.2.3');
  });

  it.each([
    ['a version not on the list', { releaseChannelVersion: '2.0.0' }],
    ['another image repository', { releaseChannelVersion: 'docker.io/other:v1.3.1' }],
    ['a version outside the named channel', { releaseChannelVersion: '1.3.1', releaseChannel: 'stable' }],
    ['an unknown channel', { releaseChannel: 'nightly' }],
  ])('400 for %s, and the version stays', async (_, change) => {
    const { client } = await startEmulator();
    expect(await rejectionOf(client().changeVersion(42, change))).toBeInstanceOf(BadRequestError);
    expect((await client().listVersions(42)).find((v) => v.isCurrent)?.version).toBe('1.2.3');
  });

  it('the image cannot be set directly (400); the client checks the version form and needs one field', async () => {
    const { client, raw, sent } = await startEmulator();
    const response = await raw('/api/v1/deployments/42', { method: 'PUT', json: { releaseChannelVersion: '1.3.1', image: 'evil:latest' } });
    expect(response.status).toBe(400);
    expect(await rejectionOf(client().changeVersion(42, { releaseChannelVersion: 'latest' }))).toBeInstanceOf(InvalidArgumentError);
    expect(await rejectionOf(client().changeVersion(42, {}))).toBeInstanceOf(InvalidArgumentError);
    expect(sent).toEqual([]);
  });
});
