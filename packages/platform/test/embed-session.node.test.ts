import { describe, expect, it } from 'vitest';
import { ForbiddenError, InvalidArgumentError, UnauthorizedError } from '../src/index.js';
import { KEYS, rawClient, rejectionOf, startEmulator, startRawServer } from './helpers.js';

describe('generateEmbedSessionId (SERVICE-NOTES.md)', () => {
  it('mints a single-use id that the browser can exchange exactly once', async () => {
    const { client, emulator } = await startEmulator();
    const sessionId = await client().generateEmbedSessionId({ deploymentId: 42, externalId: 'user-17', groups: ['sales'], userAttributes: [{ name: 'region', value: 'emea' }] });
    expect(sessionId).toMatch(/^ses_/);
    const exchange = () => fetch(`${emulator.url}/api/v1/embed/session/token`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ sessionId }) });
    expect((await exchange()).status).toBe(200);
    expect((await exchange()).status).toBe(401);
  });

  it('sends externalId trimmed and lowercased, and the optional claims as given', async () => {
    const { client, emulator } = await startEmulator();
    const sessionId = await client().generateEmbedSessionId({ deploymentId: 42, externalId: '  Ada@Example.COM ', email: 'ada@example.com', embedTenantName: 'acme-eu', creatorMode: true, securityContext: { region: 'emea' } });
    expect(emulator.state.get(sessionId)?.claims).toEqual({
      deploymentId: 42, externalId: 'ada@example.com', email: 'ada@example.com', embedTenantName: 'acme-eu', creatorMode: true, securityContext: { region: 'emea' },
    });
    const byInternal = await client().generateEmbedSessionId({ deploymentId: 42, internalId: 'u-9' });
    expect(emulator.state.get(byInternal)?.claims.internalId).toBe('u-9');
  });

  it.each([
    ['both externalId and internalId', { deploymentId: 42, externalId: 'a', internalId: 'b' }, 'internalId'],
    ['neither', { deploymentId: 42 }, 'externalId|internalId'],
    ['no deploymentId', { externalId: 'a' }, 'deploymentId'],
    ['a tenant name that breaks the pattern', { deploymentId: 42, externalId: 'a', embedTenantName: 'Acme' }, 'embedTenantName'],
    ['userAttributes without value', { deploymentId: 42, externalId: 'a', userAttributes: [{ name: 'region' }] }, 'userAttributes.0'],
  ])('rejects %s before sending', async (_, request, field) => {
    const { client, sent } = await startEmulator();
    const error = await rejectionOf(client().generateEmbedSessionId(request as never));
    expect(error).toBeInstanceOf(InvalidArgumentError);
    expect(error.field).toBe(field);
    expect(sent).toEqual([]);
  });

  it('401 for an unknown key, 403 for a key scoped to other deployments', async () => {
    const { client, emulator } = await startEmulator();
    expect(await rejectionOf(client('wrong-key-0123456789').generateEmbedSessionId({ deploymentId: 42, externalId: 'a' }))).toBeInstanceOf(UnauthorizedError);
    expect(await rejectionOf(client(KEYS.scoped).generateEmbedSessionId({ deploymentId: 42, externalId: 'a' }))).toBeInstanceOf(ForbiddenError);
    expect(emulator.state.mints).toHaveLength(0);
  });

  it('is never retried: a dropped connection may have minted an id already', async () => {
    const server = await startRawServer((req) => req.socket.destroy());
    const { client } = rawClient(server.url, { retries: 3 });
    await rejectionOf(client.generateEmbedSessionId({ deploymentId: 42, externalId: 'a' }));
    expect(server.hits()).toBe(1);
  });
});
